// Items that arrive between two hand-overs, handed over together and in order on an animation frame, at most once
// per `minIntervalMs`. A hidden page runs no frames: the queue then keeps only the newest `limit` items, and the
// first frame after the page is shown hands them over at once.

type FrameBatcher<T> = {
  push: (item: T) => void;
  /** Hands over what waits now, for a change that must come after it. */
  flush: () => void;
};

type Scheduled = { frame: number } | { timer: ReturnType<typeof setTimeout> };

export function createFrameBatcher<T>(deliver: (items: T[]) => void, { limit, minIntervalMs }: { limit: number; minIntervalMs: number }): FrameBatcher<T> {
  let queue: T[] = [];
  let scheduled: Scheduled | null = null;
  let handedAt = -Infinity;
  const flush = () => {
    if (scheduled && 'frame' in scheduled) cancelAnimationFrame(scheduled.frame);
    if (scheduled && 'timer' in scheduled) clearTimeout(scheduled.timer);
    scheduled = null;
    if (queue.length === 0) return;
    const items = queue;
    queue = [];
    handedAt = performance.now();
    deliver(items);
  };
  const onFrame = () => {
    scheduled = null;
    flush();
  };
  return {
    push(item) {
      queue.push(item);
      if (queue.length > limit) queue.splice(0, queue.length - limit);
      if (scheduled) return;
      const wait = handedAt + minIntervalMs - performance.now();
      scheduled = wait > 0 ? { timer: setTimeout(() => (scheduled = { frame: requestAnimationFrame(onFrame) }), wait) } : { frame: requestAnimationFrame(onFrame) };
    },
    flush,
  };
}
