// Spoiler-free rows (lib/spoilers.ts): a hidden score shows an eye until the visitor reveals the match; then the live
// stream's score where the page follows the match, else one request for every revealed row on the page.
import { act, screen } from '@testing-library/react';
import { HiddenScore } from '@/components/matches/hidden-score';
import { LiveScoreline } from '@/components/matches/list-live';
import { revealMatch } from '@/components/spoilers/revealed-matches';
import { api } from '@/lib/http/client';
import type { MatchScoresReply } from '@/lib/validation/match-live';
import { renderWithShell } from '../shell/render-with-shell';

jest.mock('next/navigation', () => jest.requireActual('../shell/navigation-mock').nextNavigationMock);

const scores: MatchScoresReply = {
  scores: [
    { match_id: 1033, status: 'finished', score: { home: 2, away: 0 }, penalties: null },
    { match_id: 1001, status: 'finished', score: { home: 0, away: 2 }, penalties: null },
  ],
};

function clearCookies() {
  for (const name of ['sc_spoilers', 'sc_revealed']) document.cookie = `${name}=; path=/; max-age=0`;
}

let get: jest.SpyInstance;
beforeEach(() => {
  clearCookies();
  get = jest.spyOn(api, 'get').mockResolvedValue(scores);
});
afterEach(() => get.mockRestore());

describe('a hidden score', () => {
  it('shows an eye and no number, and asks for nothing until the match is revealed', async () => {
    document.cookie = 'sc_spoilers=on; path=/';
    renderWithShell(<HiddenScore matchId={1033} />);
    expect(screen.getByTestId('hidden-score')).toHaveTextContent('Score hidden');
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(get).not.toHaveBeenCalled();
  });

  it('fetches the revealed matches of a page in one request and shows their scores', async () => {
    document.cookie = 'sc_spoilers=on; path=/';
    renderWithShell(
      <>
        <HiddenScore matchId={1033} />
        <HiddenScore matchId={1001} />
        <HiddenScore matchId={1002} />
      </>,
    );
    act(() => {
      revealMatch(1033);
      revealMatch(1001);
    });
    expect(await screen.findByText('2')).toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(1);
    expect(get.mock.calls[0]).toEqual(['/api/match/getScores', { ids: '1033,1001' }]);
    // 1002 was not revealed: it keeps its eye.
    expect(screen.getAllByTestId('hidden-score')).toHaveLength(1);
    expect(document.cookie).toContain('sc_revealed=1033.1001');
  });

  it('reveals nothing outside spoiler-free mode (no cookie written)', () => {
    revealMatch(1033);
    expect(document.cookie).not.toContain('sc_revealed');
  });

  it('shows a fixture as a fixture ("v"), and hides it once the stream says it kicked off', () => {
    document.cookie = 'sc_spoilers=on; path=/';
    renderWithShell(<LiveScoreline matchId={1040} score={null} penalties={null} status="upcoming" hidden />);
    expect(screen.getByText('v')).toBeInTheDocument();
    expect(screen.queryByTestId('hidden-score')).toBeNull();
  });
});
