// The chat's frame batcher: one hand-over per animation frame in arrival order, a bounded queue while no frame
// runs (a hidden page), and at once when a change must come after what waits.
import { createFrameBatcher, type FrameClock } from '@/stores/frame-batcher';

/** Animation frames turned by hand, as a hidden page runs none until it is shown. */
function handClock() {
  const waiting = new Map<number, () => void>();
  let next = 0;
  const clock: FrameClock = {
    request: (callback) => {
      next += 1;
      waiting.set(next, callback);
      return next;
    },
    cancel: (handle) => waiting.delete(handle),
  };
  const frame = () => {
    const callbacks = [...waiting.values()];
    waiting.clear();
    callbacks.forEach((callback) => callback());
  };
  return { clock, frame, requested: () => waiting.size };
}

it('hands over everything that arrived before a frame once, in order, and asks for one frame at a time', () => {
  const { clock, frame, requested } = handClock();
  const batches: number[][] = [];
  const batcher = createFrameBatcher<number>((items) => batches.push(items), { limit: 200, clock });
  [1, 2, 3].forEach(batcher.push);
  expect(requested()).toBe(1);
  expect(batches).toEqual([]);
  frame();
  expect(batches).toEqual([[1, 2, 3]]);
  batcher.push(4);
  frame();
  frame();
  expect(batches).toEqual([[1, 2, 3], [4]]);
});

it('keeps only the newest items while no frame runs, and hands them over in one batch when one does', () => {
  const { clock, frame } = handClock();
  const batches: number[][] = [];
  const batcher = createFrameBatcher<number>((items) => batches.push(items), { limit: 5, clock });
  for (let item = 1; item <= 1000; item += 1) batcher.push(item);
  frame();
  expect(batches).toEqual([[996, 997, 998, 999, 1000]]);
});

it('flushes at once when asked, and the frame then has nothing to hand over', () => {
  const { clock, frame, requested } = handClock();
  const batches: string[][] = [];
  const batcher = createFrameBatcher<string>((items) => batches.push(items), { limit: 10, clock });
  batcher.push('a');
  batcher.flush();
  expect(batches).toEqual([['a']]);
  expect(requested()).toBe(0);
  frame();
  batcher.flush();
  expect(batches).toEqual([['a']]);
});

