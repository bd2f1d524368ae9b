// Spec §2.4 item 6: the HD dialog says one ticket is needed and how many are left; it spends one and hands the
// unlocked play addresses back. With none left it leads nowhere empty (private chat comes later): it says where
// tickets come from, links the viewer's tickets, and offers to keep watching the free quality when there is one.
import type { ReactElement } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { getQueryClient } from '@/lib/http/query-client';
import { TicketDialog } from '@/components/live-room/ticket-dialog';
import { ToastViewport } from '@/components/shell/toast-viewport';
import * as liveApi from '@/components/live/live-api';
import type { RoomInfo, TicketReply } from '@/lib/validation/live';
import { renderWithShell } from '../shell/render-with-shell';
import { InRoom, quality, roomInfo } from './room-fixtures';

jest.mock('next/navigation', () => jest.requireActual('../shell/navigation-mock').nextNavigationMock);

let ticketsLeft = 3;
let room: RoomInfo;
jest.mock('@/components/live/live-api', () => {
  const actual = jest.requireActual('@/components/live/live-api');
  return {
    ...actual,
    spendTicket: jest.fn(),
    backpackTicketsQuery: (viewerId: number) => ({ queryKey: ['live', 'backpack', viewerId], queryFn: async () => ticketsLeft, staleTime: 0 }),
    roomInfoQuery: (anchorId: number, viewerId: number | null) => ({ queryKey: ['live', 'room', anchorId, viewerId], queryFn: async () => room, staleTime: 0 }),
  };
});

const spendTicket = jest.mocked(liveApi.spendTicket);

const reply: TicketReply = {
  spent: 1,
  remaining: 2,
  live_id: 7,
  play: { flv: 'http://localhost:8000/live/s.flv?uid=5', hls: '', qualities: [{ name: '1080p', rendition: 'src', hd: 1, locked: 0, flv: 'http://localhost:8000/live/s.flv?uid=5', hls: '' }] },
};

function inRoom(dialog: ReactElement, locale: 'en-US' | 'zh-CN' = 'en-US') {
  return renderWithShell(<InRoom room={room}>{dialog}</InRoom>, locale);
}

describe('TicketDialog', () => {
  beforeEach(() => {
    spendTicket.mockReset();
    // One query client per page: each test is a fresh page.
    getQueryClient().clear();
    room = roomInfo('live', [quality('1080p', 'src', 1), quality('480p', '480', 0)]);
  });

  it('spends one ticket and hands back the HD addresses', async () => {
    ticketsLeft = 3;
    spendTicket.mockResolvedValue(reply);
    const onUnlocked = jest.fn();
    inRoom(
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

  it('with no ticket left, says where tickets come from, offers a message to the anchor and to keep watching the free quality', async () => {
    ticketsLeft = 0;
    const onClose = jest.fn();
    inRoom(<TicketDialog anchorId={10000002} viewerId={5} onClose={onClose} onUnlocked={jest.fn()} />);
    expect(await screen.findByText('Tickets left: 0')).toBeVisible();
    expect(screen.getByText(/Tickets are given out by the site/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'My viewing tickets' })).toHaveAttribute('href', '/user-center/voucher');
    // Spec §2.4 item 6: with no ticket the way to get one is to ask the anchor; nothing to spend.
    expect(screen.getByRole('link', { name: 'Message the anchor' })).toHaveAttribute('href', '/user-center/privateChat?peer=10000002');
    expect(screen.queryByRole('button', { name: 'Use 1 ticket' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Keep watching in 480p' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('with no ticket left in an HD-only live, offers the ticket page and a way out, in Chinese too', async () => {
    ticketsLeft = 0;
    room = roomInfo('live', [quality('360p', 'src', 1)]);
    const onClose = jest.fn();
    inRoom(<TicketDialog anchorId={10000002} viewerId={5} onClose={onClose} onUnlocked={jest.fn()} />, 'zh-CN');
    expect(await screen.findByText('剩余观赛券：0张')).toBeVisible();
    expect(screen.getByText(/观赛券由本站发放/)).toBeVisible();
    expect(screen.getByRole('link', { name: '我的观赛券' })).toHaveAttribute('href', '/user-center/voucher');
    expect(screen.queryByRole('button', { name: /继续观看/ })).toBeNull();
    expect(screen.getByRole('link', { name: '私信主播' })).toHaveAttribute('href', '/user-center/privateChat?peer=10000002');
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('shows why a ticket could not be used and lets the viewer close', async () => {
    ticketsLeft = 1;
    const { ApiError } = jest.requireActual('@/lib/http');
    spendTicket.mockRejectedValue(new ApiError('The anchor has not started', 'failure', 1, '/api/live/ticket'));
    const onClose = jest.fn();
    inRoom(<TicketDialog anchorId={10000002} viewerId={5} onClose={onClose} onUnlocked={jest.fn()} />);
    expect(await screen.findByText('Tickets left: 1')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Use 1 ticket' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The anchor has not started'));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
  });
});
