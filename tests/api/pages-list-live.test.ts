// GET /api/live/updates: the list pages' Server-Sent Events (home, /liveMatches). It starts with where the listed
// matches stand and which rooms are on air, then forwards the listed matches' scoreLive and every room going on or
// off air; and POST /api/internal/page-purge, which only the web role's own requests may call.
import { NextRequest } from 'next/server';
import { POST as pagePurge } from '@/app/api/internal/page-purge/route';
import { GET as listUpdates } from '@/app/api/live/updates/route';
import { getDb } from '@/lib/db';
import { getBus } from '@/lib/realtime/bus';
import { scoreboardChannel, type BoardMessage, type ListLiveMessage, type ScoreLiveMessage } from '@/lib/realtime/match-messages';
import { onAirSignature } from '@/lib/server/live/rooms';
import { liveStateChannel, type LiveStateEvent } from '@/lib/server/live-state/state';
import { pagePurgeToken, pagePurgeTokenHeader } from '@/lib/server/page-cache/purge-request';
import { readFrames } from '@/tests/support/sse';

// The demo replay, freshly seeded, is 30 minutes into Netherlands v Qatar (1–0, Gakpo 26').
const liveMatchId = 1033;

function open(query: string, signal?: AbortSignal) {
  return listUpdates(new NextRequest(`http://localhost:3000/api/live/updates${query}`, { headers: { host: 'localhost:3000' }, signal }));
}

const score = (matchId: number, minute: number): ScoreLiveMessage => ({
  type: 'scoreLive', match_id: matchId, status: 'live', phase: 'first_half', minute, stoppage: 0, home_score: 1, away_score: 1, ht: null, et: null, pens: null,
});
const state = (status: LiveStateEvent['status']): LiveStateEvent => ({ live_id: 90, anchor_id: 9, stream: 'secret-stream-name', status, ticketed: false });

describe('GET /api/live/updates', () => {
  it('starts with the listed matches as they stand and the rooms on air', async () => {
    const controller = new AbortController();
    const response = await open(`?ids=${liveMatchId},1001`, controller.signal);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toContain('no-store');
    const [board] = (await readFrames(response, 1)) as BoardMessage[];
    expect(board.type).toBe('board');
    expect(board.scores.map((entry) => entry.match_id)).toEqual([1001, liveMatchId]);
    const live = board.scores.find((entry) => entry.match_id === liveMatchId);
    expect(live).toMatchObject({ type: 'scoreLive', status: 'live', phase: 'first_half', home_score: 1, away_score: 0, ht: null });
    expect(live?.minute).toBeGreaterThanOrEqual(30);
    expect(board.on_air).toBe(await onAirSignature(await getDb()));
    controller.abort();
  });

  it('forwards the listed matches’ scores and rooms going on or off air, and nothing else', async () => {
    const controller = new AbortController();
    const response = await open(`?ids=${liveMatchId}`, controller.signal);
    await readFrames(response, 1);
    const bus = getBus();
    await bus.publish(scoreboardChannel, JSON.stringify(score(1002, 40)));
    await bus.publish(liveStateChannel, JSON.stringify(state('waiting')));
    await bus.publish(scoreboardChannel, JSON.stringify(score(liveMatchId, 31)));
    await bus.publish(liveStateChannel, JSON.stringify(state('ended')));
    const frames = (await readFrames(response, 2)) as ListLiveMessage[];
    expect(frames).toEqual([score(liveMatchId, 31), { type: 'onAirChange', live_id: 90, anchor_id: 9, status: 'ended' }]);
    // The stream name (a part of the push address) stays on the server.
    expect(JSON.stringify(frames)).not.toContain('secret-stream-name');
    controller.abort();
  });

  it.each([
    ['a word', '?ids=abc', 'en-US', 'Match ids must be whole numbers separated by commas, at most 50.'],
    ['zero', '?ids=0', 'zh-CN', '比赛编号须为以逗号分隔的整数，最多50个。'],
    ['too many', `?ids=${Array.from({ length: 51 }, (_, index) => index + 1).join(',')}`, 'en-US', 'Match ids must be whole numbers separated by commas, at most 50.'],
  ])('answers %s with status 1 and a clear message in the page’s language, not a stream', async (_case, query, lang, msg) => {
    const response = await open(`${query}&lang=${lang}`);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ status: 1, msg, data: null });
  });

  it('follows no match when none is listed, and still reports rooms', async () => {
    const controller = new AbortController();
    const [board] = (await readFrames(await open('', controller.signal), 1)) as BoardMessage[];
    expect(board).toMatchObject({ type: 'board', scores: [] });
    controller.abort();
  });
});

describe('POST /api/internal/page-purge', () => {
  const purge = (headers: Record<string, string>, body: unknown) =>
    pagePurge(new NextRequest('http://localhost:3000/api/internal/page-purge', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }));

  it('refuses a request without this process’s token', async () => {
    expect((await purge({}, { tags: ['lives'] })).status).toBe(403);
    expect((await purge({ [pagePurgeTokenHeader]: 'guess' }, { tags: ['lives'] })).status).toBe(403);
  });

  it('refuses tags that are not tags', async () => {
    expect((await purge({ [pagePurgeTokenHeader]: pagePurgeToken() }, { tags: ['<script>'] })).status).toBe(400);
    expect((await purge({ [pagePurgeTokenHeader]: pagePurgeToken() }, { tags: [] })).status).toBe(400);
  });
});
