// The modal frame every dialog uses: open from mount or while `open`, Escape and (when asked) the backdrop ask
// the caller to dismiss it instead of closing it behind the caller's back, and focus goes into it.
import { fireEvent, render, screen } from '@testing-library/react';
import { DialogFrame } from './dialog-frame';

describe('DialogFrame', () => {
  it('opens as a modal when it mounts, with the dialog named by its title', () => {
    const showModal = jest.spyOn(HTMLDialogElement.prototype, 'showModal');
    render(
      <DialogFrame aria-labelledby="title" onDismiss={() => {}}>
        <h2 id="title">Use a ticket</h2>
      </DialogFrame>,
    );
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog', { name: 'Use a ticket' })).toHaveAttribute('open');
    showModal.mockRestore();
  });

  it('moves the focus to the control marked autoFocus', () => {
    render(
      <DialogFrame onDismiss={() => {}}>
        <button type="button">Use</button>
        <button type="button" autoFocus>
          Cancel
        </button>
      </DialogFrame>,
    );
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('asks the caller on Escape and stays open until the caller closes it', () => {
    const onDismiss = jest.fn();
    render(<DialogFrame onDismiss={onDismiss}>text</DialogFrame>);
    const dialog = screen.getByRole('dialog');
    const cancel = new Event('cancel', { cancelable: true });
    dialog.dispatchEvent(cancel);
    expect(onDismiss).toHaveBeenCalledTimes(1);
    expect(cancel.defaultPrevented).toBe(true);
    expect(dialog).toHaveAttribute('open');
  });

  it('follows `open`: closes when it turns false and opens again when it turns true', () => {
    const { rerender } = render(
      <DialogFrame open={false} onDismiss={() => {}}>
        text
      </DialogFrame>,
    );
    const dialog = document.querySelector('dialog');
    expect(dialog).not.toHaveAttribute('open');
    rerender(
      <DialogFrame open onDismiss={() => {}}>
        text
      </DialogFrame>,
    );
    expect(dialog).toHaveAttribute('open');
    rerender(
      <DialogFrame open={false} onDismiss={() => {}}>
        text
      </DialogFrame>,
    );
    expect(dialog).not.toHaveAttribute('open');
  });

  it('dismisses on a backdrop click only when asked to, and never on a click inside', () => {
    const onDismiss = jest.fn();
    const { rerender } = render(
      <DialogFrame onDismiss={onDismiss}>
        <p>inside</p>
      </DialogFrame>,
    );
    fireEvent.click(screen.getByRole('dialog'));
    expect(onDismiss).not.toHaveBeenCalled();
    rerender(
      <DialogFrame onDismiss={onDismiss} closeOnBackdrop>
        <p>inside</p>
      </DialogFrame>,
    );
    fireEvent.click(screen.getByText('inside'));
    expect(onDismiss).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('dialog'));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});
