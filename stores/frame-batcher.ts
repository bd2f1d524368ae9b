// Items that arrive between two animation frames, handed over together once per frame and in order. A hidden page
// runs no frames: the queue then keeps only the newest `limit` items, and the first frame after the page is shown
// hands them over at once.

/** Where the next frame comes from: the browser's animation frames, or a test's hand-turned clock. */
export type FrameClock = { request: (callback: () => void) => number; cancel: (handle: number) => void };

const animationFrames: FrameClock = {
  request: (callback) => requestAnimationFrame(callback),
  cancel: (handle) => cancelAnimationFrame(handle),
};

export type FrameBatcher<T> = {
  push: (item: T) => void;
  /** Hands over what waits now, for a change that must come after it. */
  flush: () => void;
};

export function createFrameBatcher<T>(deliver: (items: T[]) => void, { limit, clock = animationFrames }: { limit: number; clock?: FrameClock }): FrameBatcher<T> {
  let queue: T[] = [];
  let frame: number | null = null;
  const flush = () => {
    if (frame !== null) clock.cancel(frame);
    frame = null;
    if (queue.length === 0) return;
    const items = queue;
    queue = [];
    deliver(items);
  };
  return {
    push(item) {
      queue.push(item);
      if (queue.length > limit) queue.splice(0, queue.length - limit);
      frame ??= clock.request(() => {
        frame = null;
        flush();
      });
    },
    flush,
  };
}
