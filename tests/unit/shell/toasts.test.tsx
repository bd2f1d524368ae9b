import { act, fireEvent, screen } from '@testing-library/react';
import { ToastViewport } from '@/components/shell/toast-viewport';
import { toastDurationMs, useToast } from '@/stores/toast-store';
import { renderWithShell } from './render-with-shell';

function ShowButton({ message }: { message: string }) {
  const show = useToast();
  return (
    <button type="button" onClick={() => show(message, 'success')}>
      {`show ${message}`}
    </button>
  );
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('toasts', () => {
  it('shows a toast for 1.5 seconds, then removes it', () => {
    renderWithShell(
      <>
        <ShowButton message="Saved" />
        <ToastViewport />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'show Saved' }));
    expect(toastDurationMs).toBe(1500);
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    act(() => jest.advanceTimersByTime(1499));
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    act(() => jest.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('times each toast on its own', () => {
    renderWithShell(
      <>
        <ShowButton message="First" />
        <ShowButton message="Second" />
        <ToastViewport />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'show First' }));
    act(() => jest.advanceTimersByTime(1000));
    fireEvent.click(screen.getByRole('button', { name: 'show Second' }));
    act(() => jest.advanceTimersByTime(500));
    expect(screen.getByRole('status')).toHaveTextContent(/^Second$/);
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
