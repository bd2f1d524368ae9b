// Spec §2.4 item 6: the HD dialog says one ticket is needed and how many are left; it spends one and hands the
// unlocked play addresses back; with none left it offers a private message to the anchor instead.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TicketDialog } from '@/components/live/ticket-dialog';
import { ToastViewport } from '@/components/shell/toast-viewport';
import * as liveApi from '@/components/live/live-api';
import type { TicketReply } from '@/lib/server/tickets/hd';
import { renderWithShell } from '../shell/render-with-shell';

jest.mock('next/navigation', () => jest.requireActual('../shell/navigation-mock').nextNavigationMock);

let ticketsLeft = 3;
jest.mock('@/components/live/live-api', () => {
  const actual = jest.requireActual('@/components/live/live-api');
  return {
    ...actual,
    spendTicket: jest.fn(),
    backpackTicketsQuery: (viewerId: number) => ({ queryKey: ['live', 'backpack', viewerId], queryFn: async () => ticketsLeft, staleTime: 0 }),
  };
});
const spendTicket = jest.mocked(liveApi.spendTicket);

const reply: TicketReply = {
  spent: 1,
  remaining: 2,
  live_id: 7,
  play: { flv: 'http://localhost:8000/live/s.flv?uid=5', hls: '', qualities: [{ name: '1080p', rendition: 'src', hd: 1, locked: 0, flv: 'http://localhost:8000/live/s.flv?uid=5', hls: '' }] },
};

describe('TicketDialog', () => {
  beforeEach(() => spendTicket.mockReset());

  it('spends one ticket and hands back the HD addresses', async () => {
    ticketsLeft = 3;
    spendTicket.mockResolvedValue(reply);
    const onUnlocked = jest.fn();
    renderWithShell(
      <>
        <TicketDialog anchorId={10000002} viewerId={5} onClose={jest.fn()} onUnlocked={onUnlocked} />
        <ToastViewport />
      </>,
    );
    expect(screen.getByRole('dialog', { name: 'Watch in high definition' })).toHaveTextContent('needs 1 viewing ticket');
    expect(await screen.findByText('Tickets left: 3')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Use 1 ticket' }));
    await waitFor(() => expect(onUnlocked).toHaveBeenCalledWith(reply));
    expect(spendTicket).toHaveBeenCalledWith(5, 10000002);
    expect(await screen.findByText('Ticket used: enjoy the match in HD.')).toBeVisible();
  });

  it('offers a private message to the anchor when no ticket is left', async () => {
    ticketsLeft = 0;
    renderWithShell(<TicketDialog anchorId={10000002} viewerId={5} onClose={jest.fn()} onUnlocked={jest.fn()} />);
    expect(await screen.findByText('Tickets left: 0')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Message the anchor' })).toHaveAttribute('href', '/user-center/privateChat?anchor_id=10000002');
    expect(screen.queryByRole('button', { name: 'Use 1 ticket' })).toBeNull();
  });

  it('shows why a ticket could not be used and lets the viewer close', async () => {
    ticketsLeft = 1;
    const { ApiError } = jest.requireActual('@/lib/http');
    spendTicket.mockRejectedValue(new ApiError('The anchor has not started', 'failure', 1, '/api/live/ticket'));
    const onClose = jest.fn();
    renderWithShell(<TicketDialog anchorId={10000002} viewerId={5} onClose={onClose} onUnlocked={jest.fn()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Use 1 ticket' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The anchor has not started');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});
