import { useState } from 'react';
import { act, fireEvent, screen } from '@testing-library/react';
import { ToastViewport } from '@/components/shell/toast-viewport';
import { useModal } from '@/components/shell/use-modal';
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

  it('sits under the site header, never over its nav', () => {
    renderWithShell(
      <>
        <header data-site-header="" />
        <ShowButton message="Saved" />
        <ToastViewport />
      </>,
    );
    // jsdom lays nothing out: the header says where its bottom edge is, as a phone's two-row header would.
    const header = document.querySelector('header');
    if (!header) throw new Error('no header');
    header.getBoundingClientRect = () => ({ top: 0, bottom: 153, left: 0, right: 390, width: 390, height: 153, x: 0, y: 0, toJSON: () => ({}) });
    fireEvent.click(screen.getByRole('button', { name: 'show Saved' }));
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    expect(screen.getByRole('status')).toHaveStyle({ top: '165px' });
  });

  it('shows above an open dialog, inside it (the page outside a modal dialog is inert), as a top-layer popover', () => {
    function DialogWithToast() {
      const dialog = useModal();
      return (
        <dialog ref={dialog} aria-label="Buy a ticket">
          <ShowButton message="Ticket used" />
        </dialog>
      );
    }
    renderWithShell(
      <>
        <DialogWithToast />
        <ToastViewport />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'show Ticket used' }));
    const region = screen.getByRole('status');
    expect(region).toHaveTextContent('Ticket used');
    expect(screen.getByRole('dialog', { name: 'Buy a ticket' })).toContainElement(region);
    expect(region).toHaveAttribute('popover', 'manual');
    expect(region).toHaveStyle({ top: '12px' });
  });

  it('moves back to the page when the dialog that gave the toast goes away', async () => {
    function TicketDialog({ onDone }: { onDone: () => void }) {
      const dialog = useModal();
      const show = useToast();
      return (
        <dialog ref={dialog} aria-label="Buy a ticket">
          <button type="button" onClick={() => show('Ticket used', 'success')}>
            Use 1 ticket
          </button>
          <button type="button" onClick={onDone}>
            Close
          </button>
        </dialog>
      );
    }
    function Page() {
      const [open, setOpen] = useState(true);
      return open ? <TicketDialog onDone={() => setOpen(false)} /> : null;
    }
    renderWithShell(
      <>
        <Page />
        <ToastViewport />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Use 1 ticket' }));
    expect(screen.getByRole('dialog')).toContainElement(screen.getByRole('status'));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    // The dialog's removal is seen by a mutation observer, whose callback runs as a microtask.
    await act(async () => {});
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('Ticket used');
  });
});
