// The match card in a live room: national teams show their flags, as the match pages do; a club keeps the crest
// drawn from its colour and code. (The query cache outlives a test: each waits for the room it set.)
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useRoom } from '@/components/live-room/room-context';
import { RoomMatch } from '@/components/live-room/room-match';
import type { RoomInfo } from '@/lib/validation/live';
import type { MatchCard } from '@/lib/validation/matches';
import type { ScoreLiveMessage } from '@/lib/realtime/match-messages';
import { useChatStoreApi } from '@/stores/chat-store';
import { renderWithShell } from '../shell/render-with-shell';
import { InRoom, roomInfo } from './room-fixtures';

jest.mock('next/navigation', () => jest.requireActual('../shell/navigation-mock').nextNavigationMock);

let room: RoomInfo;
jest.mock('@/components/live/live-api', () => ({
  ...jest.requireActual('@/components/live/live-api'),
  roomInfoQuery: (anchorId: number, viewerId: number | null) => ({ queryKey: ['live', 'room', anchorId, viewerId], queryFn: async () => room, staleTime: 0 }),
}));

const match: MatchCard = {
  match_id: 42,
  sport_id: 1,
  path: '/scheduleDetail/42',
  competition: 'FIFA World Cup',
  round: 'Group A',
  status: 'live',
  clock: "32'",
  kickoff: 1_700_000_000,
  home: { id: 1, name: 'Ecuador', code: 'ECU', color: '#ffdd00', flag: '/flags/ec.svg' },
  away: { id: 2, name: 'Senegal', code: 'SEN', color: '#00853f', flag: '/flags/sn.svg' },
  score: { home: 0, away: 1 },
};

/** What a poll of the room brings as the match goes on: the next minute and, here, a goal. */
function NextMinute() {
  const { update } = useRoom();
  const next = () => update((current) => ({ ...current, match: { ...match, clock: "33'", score: { home: 1, away: 1 } } }));
  return (
    <button type="button" onClick={next}>
      next minute
    </button>
  );
}

/** The match's live data as the video sync gate releases it to this viewer's picture. */
function ReleasedScore({ live }: { live: ScoreLiveMessage }) {
  const store = useChatStoreApi();
  return (
    <button type="button" onClick={() => store.getState().setMatchLive(live)}>
      picture reaches it
    </button>
  );
}

const released: ScoreLiveMessage = {
  type: 'scoreLive', match_id: 42, at: 1_795_000_000_000, status: 'live', phase: 'second_half', minute: 45, stoppage: 2, home_score: 1, away_score: 1, ht: [0, 1], et: null, pens: null,
};

describe('RoomMatch', () => {
  it('shows the flags of national teams instead of code crests', async () => {
    room = { ...roomInfo('live'), match };
    const { container } = renderWithShell(
      <InRoom room={room}>
        <RoomMatch />
      </InRoom>,
    );
    expect(await screen.findByRole('link', { name: /Ecuador.*Senegal/ })).toHaveTextContent('0 – 1');
    expect([...container.querySelectorAll('img')].map((image) => image.getAttribute('src'))).toEqual(['/flags/ec.svg', '/flags/sn.svg']);
    expect(container).not.toHaveTextContent('ECU');
  });

  it('draws a club’s crest from its colour and code', async () => {
    room = { ...roomInfo('live'), match: { ...match, home: { ...match.home, name: 'Arsenal', code: 'ARS', flag: null }, away: { ...match.away, name: 'Chelsea', code: 'CHE', flag: null } } };
    const { container } = renderWithShell(
      <InRoom room={room}>
        <RoomMatch />
      </InRoom>,
    );
    await waitFor(() => expect(container).toHaveTextContent('ARS'));
    expect(container.querySelector('img')).toBeNull();
    expect(container).toHaveTextContent('CHE');
  });

  // The header is in the first paint (a candidate for the largest one): a new minute or score changes its text, never its elements.
  it('updates the clock and the score in place as the match goes on', async () => {
    room = { ...roomInfo('live'), match };
    const { container } = renderWithShell(
      <InRoom room={room}>
        <RoomMatch />
        <NextMinute />
      </InRoom>,
    );
    const card = await screen.findByRole('link', { name: /Ecuador.*Senegal/ });
    const before = [card, ...card.querySelectorAll('*')];
    expect(card).toHaveTextContent("32'");
    act(() => fireEvent.click(screen.getByRole('button', { name: 'next minute' })));
    await waitFor(() => expect(card).toHaveTextContent("33'"));
    expect(card).toHaveTextContent('1 – 1');
    expect(container.querySelector('a')).toBe(card);
    const after = [card, ...card.querySelectorAll('*')];
    expect(after).toHaveLength(before.length);
    after.forEach((node, index) => expect(node).toBe(before[index]));
  });

  // Issue 27: a poll brings the score as it is now, seconds ahead of the viewer's video: once the match's live data
  // follows the picture, only it moves the card.
  it('shows the score and clock the viewer\'s picture has reached, and no poll runs ahead of it', async () => {
    room = { ...roomInfo('live'), match };
    renderWithShell(
      <InRoom room={room}>
        <RoomMatch />
        <ReleasedScore live={released} />
        <NextMinute />
      </InRoom>,
    );
    const card = await screen.findByRole('link', { name: /Ecuador.*Senegal/ });
    await waitFor(() => expect(card).toHaveTextContent('0 – 1'));
    expect(card).toHaveTextContent("32'");
    act(() => fireEvent.click(screen.getByRole('button', { name: 'picture reaches it' })));
    expect(card).toHaveTextContent('1 – 1');
    expect(card).toHaveTextContent("45+2'");
    act(() => fireEvent.click(screen.getByRole('button', { name: 'next minute' })));
    await waitFor(() => expect(card).toHaveTextContent('1 – 1'));
    expect(card).toHaveTextContent("45+2'");
    expect(card).not.toHaveTextContent("33'");
  });
});
