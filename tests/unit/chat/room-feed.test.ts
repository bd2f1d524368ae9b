// Priority under load: chat within the budget leaves at once, above it in 100 ms batches; past the second
// limit identical lines aggregate and the rest is sampled; priority messages are never held back.
import { createRoomFeed, defaultFeedLimits, roomBudget, type FeedAudience, type FeedClock, type FeedItem } from '@/lib/realtime/room-feed';

function fakeClock() {
  let now = 0;
  let timers: { at: number; run: () => void; id: number }[] = [];
  let nextId = 1;
  const clock: FeedClock = {
    now: () => now,
    setTimeout: (run, ms) => {
      const id = nextId++;
      timers.push({ at: now + ms, run, id });
      return id;
    },
    clearTimeout: (id) => {
      timers = timers.filter((timer) => timer.id !== id);
    },
  };
  // Runs every timer due within `ms`, each at its own time (timers set meanwhile included).
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = timers.filter((entry) => entry.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers = timers.filter((entry) => entry !== due);
      now = Math.max(now, due.at);
      due.run();
    }
    now = Math.max(now, until);
  };
  return { clock, advance };
}

/** One viewer (one lane) whose frames land in `frames`, after `onWrite`. */
function oneViewer(frames: string[], onWrite: () => void = () => undefined): FeedAudience {
  return {
    lanes: 1,
    viewers: () => 1,
    laneViewers: () => 1,
    write(frame) {
      frames.push(frame);
      onWrite();
      return 1;
    },
  };
}

let seq = 0;
function say(content: string, extra: Partial<FeedItem> = {}): FeedItem {
  seq += 1;
  return { frame: JSON.stringify({ seq, type: 'say', content, ...extra }), seq, type: 'say', content, ...extra };
}

function gift(): FeedItem {
  seq += 1;
  return { frame: JSON.stringify({ seq, type: 'gift' }), seq, type: 'gift' };
}

const limits = { framesPerSecond: 10, batchIntervalMs: 100, maxPerBatch: 5, writesPerSecond: 50_000, busyShare: 0.5, minFramesPerSecond: 2 };

beforeEach(() => {
  seq = 0;
});

it('sends chat on its own while the room is under its frame budget', () => {
  const { clock } = fakeClock();
  const frames: string[] = [];
  const feed = createRoomFeed('live:1', oneViewer(frames), limits, clock);
  for (let index = 0; index < 10; index += 1) feed.push(say(`line ${index}`));
  expect(frames).toHaveLength(10);
  expect(frames.every((frame) => JSON.parse(frame).type === 'say')).toBe(true);
});

it('batches chat above the budget, one frame per 100 ms covering every seq', () => {
  const { clock, advance } = fakeClock();
  const frames: string[] = [];
  const feed = createRoomFeed('live:1', oneViewer(frames), limits, clock);
  for (let index = 0; index < 14; index += 1) feed.push(say(`line ${index}`));
  expect(frames).toHaveLength(10);
  advance(100);
  expect(frames).toHaveLength(11);
  const batch = JSON.parse(frames[10]);
  expect(batch).toMatchObject({ type: 'batch', groupId: 'live:1', from: 11, to: 14 });
  expect(batch.msgs.map((message: { content: string }) => message.content)).toEqual(['line 10', 'line 11', 'line 12', 'line 13']);
});

it('sends a gift at once, after the chat that was waiting, so order is kept', () => {
  const { clock } = fakeClock();
  const frames: string[] = [];
  const feed = createRoomFeed('live:1', oneViewer(frames), limits, clock);
  for (let index = 0; index < 12; index += 1) feed.push(say(`line ${index}`));
  feed.push(gift());
  const types = frames.map((frame) => JSON.parse(frame).type);
  expect(types.slice(-2)).toEqual(['batch', 'gift']);
});

it('past the second limit aggregates identical lines (hit) and samples the rest, keeping props and VIP lines', () => {
  const { clock, advance } = fakeClock();
  const frames: string[] = [];
  const feed = createRoomFeed('live:1', oneViewer(frames), limits, clock);
  for (let index = 0; index < 10; index += 1) feed.push(say('warm up'));
  frames.length = 0;
  for (let index = 0; index < 12; index += 1) feed.push(say('GOAL'));
  for (let index = 0; index < 8; index += 1) feed.push(say(`plain ${String.fromCharCode(97 + index)}`));
  feed.push(say('shiny', { props_type: 101 }));
  feed.push(say('vip here', { vip_level: 2 }));
  advance(100);
  expect(frames).toHaveLength(1);
  const batch = JSON.parse(frames[0]);
  expect(batch.msgs).toHaveLength(5);
  expect(batch.msgs[0]).toMatchObject({ content: 'GOAL', hit: 12 });
  expect(batch.msgs.map((message: { content: string }) => message.content)).toEqual(expect.arrayContaining(['shiny', 'vip here']));
  expect(batch).toMatchObject({ from: 11, to: 32, dropped: 22 - 12 - 4 });
});

it('spaces a very large room’s batches further apart, within 100–500 ms', () => {
  expect(roomBudget(defaultFeedLimits, 1000)).toEqual({ framesPerSecond: 10, intervalMs: 100, maxPerBatch: 20 });
  expect(roomBudget(defaultFeedLimits, 5000)).toEqual({ framesPerSecond: 10, intervalMs: 100, maxPerBatch: 20 });
  expect(roomBudget(defaultFeedLimits, 8000)).toEqual({ framesPerSecond: 7.5, intervalMs: 133, maxPerBatch: 27 });
  expect(roomBudget(defaultFeedLimits, 10_000)).toEqual({ framesPerSecond: 6, intervalMs: 167, maxPerBatch: 33 });
  expect(roomBudget(defaultFeedLimits, 100_000)).toEqual({ framesPerSecond: 2, intervalMs: 500, maxPerBatch: 100 });
});

it('sends fewer, fuller frames when its broadcasts become slow (a busy machine), and more again when they speed up', () => {
  const { clock, advance } = fakeClock();
  let broadcastMs = 100;
  const written: string[] = [];
  const feed = createRoomFeed('live:1', oneViewer(written, () => advance(broadcastMs)), limits, clock);
  // Frames per second over `ticks` lines 25 ms apart (40 a second, far above the budget).
  const rate = (ticks: number) => {
    const [before, from] = [written.length, clock.now()];
    for (let tick = 0; tick < ticks; tick += 1) {
      feed.push(say(`line ${tick}`));
      advance(25);
    }
    return ((written.length - before) * 1000) / (clock.now() - from);
  };
  rate(40);
  // Broadcasts of 100 ms may take half of each second: 5 frames a second.
  expect(rate(80)).toBeLessThanOrEqual(5.5);
  expect(rate(80)).toBeGreaterThan(4);
  broadcastMs = 1;
  rate(40);
  expect(rate(80)).toBeGreaterThan(8);
});

it('staggers a big room’s batches lane by lane: each lane gets every message, one frame per interval, within one interval', () => {
  const { clock, advance } = fakeClock();
  const lanes = 4;
  const received: { lane: number; at: number; frame: string }[] = [];
  const audience: FeedAudience = {
    lanes,
    viewers: () => lanes * 100,
    laneViewers: () => 100,
    write(frame, lane) {
      if (lane === undefined) for (let each = 0; each < lanes; each += 1) received.push({ lane: each, at: clock.now(), frame });
      else received.push({ lane, at: clock.now(), frame });
      return lane === undefined ? lanes * 100 : 100;
    },
  };
  const feed = createRoomFeed('live:1', audience, { ...limits, maxPerBatch: 20 }, clock);
  const sentAt = new Map<string, number>();
  for (let tick = 0; tick < 40; tick += 1) {
    const line = say(`line ${tick}`);
    sentAt.set(`line ${tick}`, clock.now());
    feed.push(line);
    advance(10);
  }
  advance(200);
  for (let lane = 0; lane < lanes; lane += 1) {
    const mine = received.filter((entry) => entry.lane === lane);
    const contents = mine.flatMap((entry) => {
      const frame = JSON.parse(entry.frame);
      const messages: { content: string }[] = frame.type === 'batch' ? frame.msgs : [frame];
      for (const message of messages) expect(entry.at - (sentAt.get(message.content) ?? 0)).toBeLessThanOrEqual(100);
      return messages.map((message) => message.content);
    });
    expect(contents).toEqual(Array.from({ length: 40 }, (_, index) => `line ${index}`));
    // After the first burst under budget, about one frame per 100 ms.
    expect(mine.filter((entry) => JSON.parse(entry.frame).type === 'batch').length).toBeLessThanOrEqual(5);
  }
  // The lanes' batches leave at different moments.
  const batchTimes = new Set(received.filter((entry) => JSON.parse(entry.frame).type === 'batch').map((entry) => entry.at));
  expect(batchTimes.size).toBeGreaterThan(lanes);
});

it('flushes every lane before a priority message, which goes to everyone at once', () => {
  const { clock } = fakeClock();
  const received: { lane: number | undefined; type: string }[] = [];
  const audience: FeedAudience = {
    lanes: 3,
    viewers: () => 3,
    laneViewers: () => 1,
    write(frame, lane) {
      received.push({ lane, type: JSON.parse(frame).type });
      return lane === undefined ? 3 : 1;
    },
  };
  const feed = createRoomFeed('live:1', audience, limits, clock);
  for (let index = 0; index < 12; index += 1) feed.push(say(`line ${index}`));
  received.length = 0;
  feed.push(gift());
  expect(received).toEqual([
    { lane: 0, type: 'batch' },
    { lane: 1, type: 'batch' },
    { lane: 2, type: 'batch' },
    { lane: undefined, type: 'gift' },
  ]);
});
