// The match card in a live room: national teams show their flags, as the match pages do; a club keeps the crest
// drawn from its colour and code. (The query cache outlives a test: each waits for the room it set.)
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useRoom } from '@/components/live-room/room-context';
import { RoomMatch } from '@/components/live-room/room-match';
import type { RoomInfo } from '@/lib/validation/live';
import type { MatchCard } from '@/lib/validation/matches';
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
});
