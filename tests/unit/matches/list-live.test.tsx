// The list pages' live island (home, /liveMatches): a listed match's score and clock move in place as the stream
// tells them, and the page is fetched again when rooms go on or off air, until it agrees with the stream.
import { act, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LiveGoals, ListLive, LiveMatchStatus, type FollowedMatch } from '@/components/matches/list-live';
import type { ListLiveMessage, ScoreLiveMessage } from '@/lib/realtime/match-messages';
import { router } from '../shell/navigation-mock';

jest.mock('next/navigation', () => jest.requireActual('../shell/navigation-mock').nextNavigationMock);

/** The browser's EventSource, played by the test: it says what the server would send. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  send(message: ListLiveMessage) {
    act(() => this.onmessage?.({ data: JSON.stringify(message) } as MessageEvent<string>));
  }
  close() {
    this.closed = true;
  }
}

const labels = {
  status: { upcoming: 'Upcoming', live: 'Live', finished: 'Finished' },
  clock: { halfTime: 'HT', fullTime: 'FT', afterExtraTime: 'AET', penalties: 'PENS', break: 'Break' },
};
const score = (changes: Partial<ScoreLiveMessage>): ScoreLiveMessage => ({
  type: 'scoreLive', match_id: 1033, status: 'live', phase: 'second_half', minute: 66, stoppage: 0, home_score: 0, away_score: 1, ht: [0, 1], et: null, pens: null, ...changes,
});

// The page's providers hold the query client (the spoiler-free rows fetch through it).
const queryClient = new QueryClient();

function Page({ follow, onAir }: { follow: FollowedMatch[]; onAir: string }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ListLive follow={follow} onAir={onAir} labels={labels}>
        <p data-testid="status">
          <LiveMatchStatus matchId={1033} match={{ status: 'live', statusLabel: 'Live', clock: "66'", kickoffAt: '2026-11-22T10:00:00.000Z' }} locale="en-US" />
        </p>
        <LiveGoals matchId={1033} side="home" goals={0} status="live" className="goals" />
        <LiveGoals matchId={1033} side="away" goals={1} status="live" className="goals" />
      </ListLive>
    </QueryClientProvider>
  );
}

const live: FollowedMatch[] = [{ id: 1033, status: 'live' }];

beforeEach(() => {
  FakeEventSource.opened = [];
  Object.assign(globalThis, { EventSource: FakeEventSource });
  router.refresh.mockClear();
  jest.useFakeTimers();
});

afterEach(() => jest.useRealTimers());

describe('ListLive', () => {
  it('follows the listed matches, and moves their score and clock without a reload', () => {
    render(<Page follow={live} onAir="7:live" />);
    const [stream] = FakeEventSource.opened;
    expect(stream.url).toBe('/api/live/updates?ids=1033');
    expect(screen.getByTestId('status')).toHaveTextContent("Live66'");
    stream.send({ type: 'board', scores: [score({ minute: 70 })], on_air: '7:live' });
    expect(screen.getByTestId('status')).toHaveTextContent("Live70'");
    stream.send(score({ minute: 74, home_score: 1 }));
    expect(screen.getByTestId('goals-1033-home')).toHaveTextContent('1');
    expect(screen.getByTestId('goals-1033-away')).toHaveTextContent('1');
    expect(screen.getByTestId('status')).toHaveTextContent("Live74'");
    act(() => jest.advanceTimersByTime(10_000));
    expect(router.refresh).not.toHaveBeenCalled();
  });

  it('fetches the page again when a room goes off air, and again while the page still shows it', () => {
    const { rerender } = render(<Page follow={live} onAir="7:live" />);
    const [stream] = FakeEventSource.opened;
    stream.send({ type: 'board', scores: [score({})], on_air: '7:live' });
    stream.send({ type: 'onAirChange', live_id: 7, anchor_id: 3, status: 'ended' });
    expect(router.refresh).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(3000));
    expect(router.refresh).toHaveBeenCalledTimes(1);
    // The page came back from a cache not purged yet: it still shows the room, so it is asked for again.
    rerender(<Page follow={[...live]} onAir="7:live" />);
    act(() => jest.advanceTimersByTime(3000));
    expect(router.refresh).toHaveBeenCalledTimes(2);
    rerender(<Page follow={[...live]} onAir="" />);
    act(() => jest.advanceTimersByTime(30_000));
    expect(router.refresh).toHaveBeenCalledTimes(2);
    // The stream stays open across the refreshes: the same matches are listed.
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('fetches the page when it was rendered before a change the stream already knows, and gives up after a few tries', () => {
    const { rerender } = render(<Page follow={live} onAir="" />);
    const [stream] = FakeEventSource.opened;
    // A match on the page has ended and a room has come on air since the page was rendered.
    stream.send({ type: 'board', scores: [score({ status: 'finished', phase: 'full_time', minute: null })], on_air: '9:live' });
    expect(screen.getByTestId('status')).toHaveTextContent('FT');
    for (let attempt = 1; attempt <= 7; attempt += 1) {
      act(() => jest.advanceTimersByTime(3000));
      rerender(<Page follow={[...live]} onAir="" />);
    }
    expect(router.refresh).toHaveBeenCalledTimes(5);
  });

  it('closes the stream when the page goes', () => {
    const { unmount } = render(<Page follow={live} onAir="" />);
    unmount();
    expect(FakeEventSource.opened[0].closed).toBe(true);
  });
});
