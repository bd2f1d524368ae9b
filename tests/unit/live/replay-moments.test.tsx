// A replay's match under its video (issue 27): the score follows the playhead, forwards and back; the goals, cards and
// substitutions are listed and marked; pressing one jumps to a few seconds before it. The HTTP client is faked.
import { createRef } from 'react';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { ReplayMoments } from '@/components/live/replay-moments';
import { api, getQueryClient } from '@/lib/http';
import { replayScoreAt, type ReplayEvents, type ReplayItem } from '@/lib/validation/live';
import { renderWithShell } from '../shell/render-with-shell';

const post = jest.spyOn(api, 'post');

const event = (fields: Partial<ReplayEvents['events'][number]> & Pick<ReplayEvents['events'][number], 'seq' | 'kind' | 'offset' | 'minute'>): ReplayEvents['events'][number] => ({
  period: 1, stoppage: 0, side: 'home', team_id: 1, player_id: null, player: null, related_player_id: null, related_player: null, home_score: null, away_score: null, ...fields,
});

// The recording began at 1–0 (a goal before it), then: a yellow card, the equaliser, a substitution, the winner.
const moments: ReplayEvents = {
  start_score: { home: 1, away: 0 },
  events: [
    event({ seq: 5, kind: 'yellow', offset: 40, minute: 30, player: 'Rodrigo De Paul' }),
    event({ seq: 6, kind: 'goal', offset: 120, minute: 41, side: 'away', player: 'Kylian Mbappé', home_score: 1, away_score: 1 }),
    event({ seq: 7, kind: 'period_end', offset: 150, minute: 45, stoppage: 2, side: null, home_score: 1, away_score: 1 }),
    event({ seq: 8, kind: 'substitution', offset: 200, minute: 64, player: 'Marcos Acuña', related_player: 'Ángel Di María', period: 2 }),
    event({ seq: 9, kind: 'goal', offset: 300, minute: 80, player: 'Lionel Messi', home_score: 2, away_score: 1, period: 2 }),
  ],
};

const team = (id: number, name: string, code: string) => ({ id, name, code, color: null, flag: null });
const match = { match_id: 1064, sport_id: 2, home: team(1, 'Argentina', 'ARG'), away: team(2, 'France', 'FRA'), score: { home: 3, away: 3 }, status: 'finished' } as unknown as NonNullable<ReplayItem['match']>;

function show() {
  const video = createRef<HTMLVideoElement>();
  const element = document.createElement('video');
  element.play = jest.fn(() => Promise.resolve());
  (video as { current: HTMLVideoElement }).current = element;
  renderWithShell(<ReplayMoments replayId={77} duration={400} match={match} video={video} />);
  const playTo = (seconds: number) =>
    act(() => {
      element.currentTime = seconds;
      element.dispatchEvent(new Event('timeupdate'));
    });
  return { element, playTo };
}

beforeEach(() => {
  getQueryClient().clear();
  post.mockReset();
  post.mockImplementation(async (path: string, body?: unknown) => {
    if (path !== '/api/live/getReplayEvents') throw new Error(`unexpected call to ${path}`);
    expect(body).toEqual({ replay_id: 77 });
    return moments;
  });
});

describe('ReplayMoments', () => {
  it('shows the score the recording stands at, moving with the playhead both ways', async () => {
    const { playTo } = show();
    const score = await screen.findByTestId('replay-score');
    expect(score).toHaveTextContent('1 – 0');
    playTo(130);
    expect(score).toHaveTextContent('1 – 1');
    playTo(310);
    expect(score).toHaveTextContent('2 – 1');
    // Seeking back undoes what has not happened yet at that point.
    playTo(60);
    expect(score).toHaveTextContent('1 – 0');
  });

  it('lists the goals, cards and substitutions, not the periods, and jumps to just before one', async () => {
    const { element } = show();
    const region = await screen.findByRole('region', { name: 'Key moments' });
    const buttons = within(region).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([
      "30' Yellow card, Rodrigo De Paul",
      "41' Goal, Kylian Mbappé (1–1)",
      "64' Marcos Acuña on for Ángel Di María",
      "80' Goal, Lionel Messi (2–1)",
    ]);
    fireEvent.click(buttons[3]);
    expect(element.currentTime).toBe(295);
    expect(element.play).toHaveBeenCalled();
  });

  it('says so when the recording holds no such moment', async () => {
    post.mockResolvedValue({ start_score: null, events: [] });
    show();
    expect(await screen.findByText('No goals, cards or substitutions in this recording.')).toBeVisible();
    expect(screen.getByTestId('replay-score')).toHaveTextContent('vs');
  });
});

describe('replayScoreAt', () => {
  it('makes kick-off 0–0 and keeps a shoot-out’s tally out of the score', () => {
    const kickOff = event({ seq: 1, kind: 'period_start', offset: 10, minute: 0, side: null });
    const shootOut = event({ seq: 2, kind: 'shootout_scored', offset: 20, minute: 120, period: 5, home_score: 1, away_score: 0 });
    const data = { start_score: null, events: [kickOff, shootOut] };
    expect(replayScoreAt(data, 5)).toBeNull();
    expect(replayScoreAt(data, 10)).toEqual({ home: 0, away: 0 });
    expect(replayScoreAt(data, 30)).toEqual({ home: 0, away: 0 });
  });
});
