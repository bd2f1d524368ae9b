// The chat's frame batcher: one hand-over per animation frame in arrival order and not more often than asked, a
// bounded queue while no frame runs (a hidden page), and at once when a change must come after what waits. Jest's
// fake timers turn the animation frames; a hidden page is one whose frames do not come.
import { createFrameBatcher } from '@/stores/frame-batcher';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('hands over everything that arrived before a frame once, in order', () => {
  const batches: number[][] = [];
  const batcher = createFrameBatcher<number>((items) => batches.push(items), { limit: 200, minIntervalMs: 0 });
  [1, 2, 3].forEach(batcher.push);
  expect(batches).toEqual([]);
  jest.advanceTimersToNextFrame();
  expect(batches).toEqual([[1, 2, 3]]);
  batcher.push(4);
  jest.advanceTimersToNextFrame();
  jest.advanceTimersToNextFrame();
  expect(batches).toEqual([[1, 2, 3], [4]]);
});

it('waits for the interval after a hand-over, then for a frame', () => {
  const batches: number[][] = [];
  const batcher = createFrameBatcher<number>((items) => batches.push(items), { limit: 200, minIntervalMs: 250 });
  batcher.push(1);
  jest.advanceTimersToNextFrame();
  batcher.push(2);
  jest.advanceTimersByTime(100);
  batcher.push(3);
  jest.advanceTimersByTime(100);
  expect(batches).toEqual([[1]]);
  jest.advanceTimersByTime(100);
  expect(batches).toEqual([[1], [2, 3]]);
});

it('keeps only the newest items while no frame runs, and hands them over in one batch when one does', () => {
  const batches: number[][] = [];
  const batcher = createFrameBatcher<number>((items) => batches.push(items), { limit: 5, minIntervalMs: 250 });
  for (let item = 1; item <= 1000; item += 1) batcher.push(item);
  jest.advanceTimersToNextFrame();
  expect(batches).toEqual([[996, 997, 998, 999, 1000]]);
});

it('flushes at once when asked, and the frame then has nothing to hand over', () => {
  const batches: string[][] = [];
  const batcher = createFrameBatcher<string>((items) => batches.push(items), { limit: 10, minIntervalMs: 250 });
  batcher.push('a');
  batcher.flush();
  expect(batches).toEqual([['a']]);
  jest.advanceTimersByTime(1000);
  batcher.flush();
  expect(batches).toEqual([['a']]);
});
