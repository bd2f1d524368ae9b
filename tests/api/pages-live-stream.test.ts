// GET /api/match/live/{id}: the match page's Server-Sent Events. It starts with a snapshot of the match
// as the database has it (live score and commentary), then forwards what the feed publishes on the
// match's bus channel, and lets go of the channel when the browser leaves.
import { NextRequest } from 'next/server';
import { GET as matchLive } from '@/app/api/match/live/[id]/route';
import { getBus } from '@/lib/realtime/bus';
import { matchChannel, type LiveSnapshotMessage, type ScoreLiveMessage } from '@/lib/realtime/match-messages';
import { matchLiveViewSchema } from '@/lib/validation/matches';
import { expectReplyShape } from '@/tests/support/reply-shape';
import { readFrames } from '@/tests/support/sse';

// The demo replay, freshly seeded, is 30 minutes into Netherlands v Qatar (1–0, Gakpo 26').
const liveMatchId = 1033;

function open(id: string, init: { lang?: string; signal?: AbortSignal; host?: string } = {}) {
  const url = `http://${init.host ?? 'localhost:3000'}/api/match/live/${id}${init.lang ? `?lang=${init.lang}` : ''}`;
  return matchLive(new NextRequest(url, { headers: { host: init.host ?? 'localhost:3000' }, signal: init.signal }), { params: Promise.resolve({ id }) });
}

describe('GET /api/match/live/{id}', () => {
  it('opens an event stream that starts with the match as it stands: live score and commentary', async () => {
    const controller = new AbortController();
    const response = await open(String(liveMatchId), { lang: 'en-US', signal: controller.signal });
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toContain('no-store');
    const [snapshot] = (await readFrames(response, 1)) as LiveSnapshotMessage[];
    expect(snapshot.type).toBe('snapshot');
    expect(snapshot.match).toMatchObject({ id: liveMatchId, status: 'live', statusLabel: 'Live', score: { home: 1, away: 0 } });
    expect(snapshot.match.commentary.map((line) => line.text)).toContain('Kick-off! Netherlands v Qatar is under way.');
    expectReplyShape(matchLiveViewSchema, snapshot.match);
    controller.abort();
  });

  it('forwards what the feed publishes on the match channel, in order', async () => {
    const controller = new AbortController();
    const response = await open(String(liveMatchId), { signal: controller.signal });
    await readFrames(response, 1);
    const goal: ScoreLiveMessage = {
      type: 'scoreLive',
      match_id: liveMatchId,
      status: 'live',
      phase: 'second_half',
      minute: 49,
      stoppage: 0,
      home_score: 2,
      away_score: 0,
      ht: [1, 0],
      et: null,
      pens: null,
    };
    await getBus().publish(matchChannel(liveMatchId), JSON.stringify(goal));
    await getBus().publish(matchChannel(liveMatchId + 1), JSON.stringify({ ...goal, match_id: liveMatchId + 1 }));
    await getBus().publish(matchChannel(liveMatchId), JSON.stringify({ ...goal, minute: 50 }));
    const frames = (await readFrames(response, 2)) as ScoreLiveMessage[];
    expect(frames.map((frame) => [frame.match_id, frame.minute, frame.home_score])).toEqual([
      [liveMatchId, 49, 2],
      [liveMatchId, 50, 2],
    ]);
    controller.abort();
  });

  it('writes the snapshot’s commentary in the language asked for', async () => {
    const controller = new AbortController();
    const [snapshot] = (await readFrames(await open(String(liveMatchId), { lang: 'zh-CN', signal: controller.signal }), 1)) as LiveSnapshotMessage[];
    expect(snapshot.match.statusLabel).toBe('直播中');
    expect(snapshot.match.commentary[0].text).toMatch(/荷兰/);
    controller.abort();
  });

  it('lets go of the bus channel when the browser leaves', async () => {
    const bus = getBus();
    const original = bus.subscribe.bind(bus);
    const unsubscribed: string[] = [];
    const subscribe = jest.spyOn(bus, 'subscribe').mockImplementation(async (channel, handler) => {
      const stop = await original(channel, handler);
      return async () => {
        unsubscribed.push(channel);
        await stop();
      };
    });
    const controller = new AbortController();
    const response = await open(String(liveMatchId), { signal: controller.signal });
    await readFrames(response, 1);
    expect(subscribe).toHaveBeenCalledWith(matchChannel(liveMatchId), expect.any(Function));
    expect(unsubscribed).toEqual([]);
    controller.abort();
    await expect(response.body!.getReader().read()).resolves.toMatchObject({ done: true });
    expect(unsubscribed).toEqual([matchChannel(liveMatchId)]);
    subscribe.mockRestore();
  });

  it.each([
    ['a word', 'abc', 'The match id must be a whole number.'],
    ['zero', '0', 'The match id must be a whole number.'],
    ['an unknown match', '99999', 'There is no such match.'],
  ])('answers %s with status 1 and a clear message, not a stream', async (_case, id, msg) => {
    const response = await open(id);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ status: 1, msg, data: null });
  });
});
