// The site's button: a disabled or loading button cannot be pressed, a loading one says it is busy, and the
// variant and size are classes a link can wear too.
import { fireEvent, render, screen } from '@testing-library/react';
import { Button, buttonClass } from './button';

describe('Button', () => {
  it('is a plain button that runs its action', () => {
    const onClick = jest.fn();
    render(<Button onClick={onClick}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('type', 'button');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('submits its form when asked to', () => {
    const onSubmit = jest.fn((event: { preventDefault: () => void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button type="submit">Send</Button>
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('cannot be pressed while disabled', () => {
    const onClick = jest.fn();
    render(
      <Button onClick={onClick} disabled>
        Save
      </Button>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(onClick).not.toHaveBeenCalled();
  });

  it('is busy and cannot be pressed again while loading', () => {
    const onClick = jest.fn();
    const { rerender } = render(
      <Button onClick={onClick} loading>
        Saving…
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Saving…' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    rerender(<Button onClick={onClick}>Save</Button>);
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Save' })).not.toHaveAttribute('aria-busy');
  });

  it('wears the classes of its variant and size, and the caller’s', () => {
    render(
      <Button variant="danger" size="sm" className="extra">
        End live
      </Button>,
    );
    expect(screen.getByRole('button', { name: 'End live' }).className).toBe(buttonClass({ variant: 'danger', size: 'sm', className: 'extra' }));
    expect(buttonClass({ variant: 'danger', size: 'sm' })).not.toBe(buttonClass({ variant: 'primary', size: 'sm' }));
    expect(buttonClass({ size: 'sm' })).not.toBe(buttonClass({ size: 'lg' }));
  });
});
