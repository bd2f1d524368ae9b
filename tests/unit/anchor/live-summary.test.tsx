// The summary of a live that just ended (issue 18): time on air, peak viewers and followers gained, and the replay,
// "processing" until the recording is ready, then a link to it; no replay said plainly. The HTTP client is faked.
import { screen, within } from '@testing-library/react';
import { LiveSummaryCard } from '@/components/anchor/live-summary';
import { api, getQueryClient } from '@/lib/http';
import type { LiveSummary } from '@/lib/validation/anchor-studio';
import { renderWithShell } from '../shell/render-with-shell';

jest.mock('next/navigation', () => jest.requireActual('../shell/navigation-mock').nextNavigationMock);
const post = jest.spyOn(api, 'post');

const summary = (replay: LiveSummary['replay'], changes: Partial<LiveSummary> = {}): LiveSummary => ({
  live_id: 42, anchor_id: 10000003, title: 'Semi-final watch-along', started_at: 1_800_000_000, ended_at: 1_800_005_000, duration: 4625, peak_viewers: 1280,
  new_followers: 17, replay, ...changes,
});

function serve(reply: LiveSummary) {
  post.mockImplementation(async (path: string, body?: unknown) => {
    if (path !== '/api/live/liveSummary') throw new Error(`unexpected call to ${path}`);
    expect(body).toEqual({ live_id: 42 });
    return reply;
  });
}

beforeEach(() => {
  getQueryClient().clear();
  post.mockReset();
});

describe('LiveSummaryCard', () => {
  it('sums the live up and says the replay is being made', async () => {
    serve(summary({ state: 'processing', replay_id: 0, duration: 0 }));
    renderWithShell(<LiveSummaryCard liveId={42} />);
    const card = await screen.findByRole('region', { name: 'Semi-final watch-along' });
    expect(card).toHaveTextContent('Live ended');
    const figures = within(card);
    expect(figures.getAllByRole('term').map((term) => term.textContent)).toEqual(['On air', 'Peak viewers', 'New followers']);
    expect(figures.getAllByRole('definition').map((value) => value.textContent)).toEqual(['1:17:05', '1,280', '17']);
    expect(within(card).getByText('Replay processing…')).toBeVisible();
    expect(within(card).queryByRole('link', { name: 'Watch the replay' })).toBeNull();
  });

  it('links the replay once it is ready', async () => {
    serve(summary({ state: 'ready', replay_id: 9, duration: 4620 }));
    renderWithShell(<LiveSummaryCard liveId={42} />);
    expect(await screen.findByText('Your replay is ready')).toBeVisible();
    expect(screen.getByText('1:17:00 long, listed on your replays page.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Watch the replay' })).toHaveAttribute('href', '/anchorReplay/10000003?replay=9');
  });

  it('says plainly when no replay was kept and no stream came, in Chinese too', async () => {
    serve(summary({ state: 'none', replay_id: 0, duration: 0 }, { duration: 0, peak_viewers: 0, new_followers: 0 }));
    renderWithShell(<LiveSummaryCard liveId={42} />, 'zh-CN');
    const card = await screen.findByRole('region', { name: 'Semi-final watch-along' });
    expect(card).toHaveTextContent('直播已结束');
    expect(within(card).getByText('未推流')).toBeVisible();
    expect(within(card).getByText('本场直播没有回放。')).toBeVisible();
    expect(within(card).getByRole('link', { name: '关闭总结' })).toHaveAttribute('href', '/user-center/live-management');
  });
});
