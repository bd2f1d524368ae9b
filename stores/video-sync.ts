// Live data in step with the viewer's own video (issue 27, docs/video-sync.md). The room's messages carry the
// server time they happened (`send_time`); the player knows which server instant its picture shows
// (components/live/video-clock.ts). The gate holds each message until the picture reaches it, so a viewer whose
// stream runs 8 s behind reads "GOAL!" when they see the goal, not before. Some go at once: one's own, moderation,
// and anything when the player has no clock (not started, the browser's own HLS) or the viewer chose "as it
// happens". None waits longer than `maxHoldMs`, so a paused or stalled player never swallows the room.

import { videoMomentMaxAgeMs } from '@/lib/validation/video-clock';

/** Server milliseconds of the frame on screen, or null when the player cannot tell. */
type PresentedClock = () => number | null;

let presentedClock: PresentedClock | null = null;

/** The room's player registers its clock while an engine plays, and removes it when it stops. */
export function setPresentedClock(clock: PresentedClock | null): void {
  presentedClock = clock;
}

export function readPresentedClock(): number | null {
  return presentedClock?.() ?? null;
}

type GateOptions<T> = {
  deliver: (item: T) => void;
  presented?: () => number | null;
  /** The page's monotonic clock (performance.now), for the hold limit. */
  now?: () => number;
  maxHoldMs?: number;
  schedule?: (run: () => void, ms: number) => () => void;
  /** Told of every item handed over, with the moment it belongs to (`npm run bench -- sync` measures with it). */
  onRelease?: (at: number) => void;
};

export type VideoSyncGate<T> = {
  /** `at`: the server time the item belongs to; `immediate`: it goes now whatever the video shows. */
  push: (item: T, at: number, immediate?: boolean) => void;
  /** Drops held items (a deleted line, a banned user's lines) so they never appear. */
  drop: (match: (item: T) => boolean) => void;
  /** Sync on or off; off hands over everything held, in order. */
  setEnabled: (on: boolean) => void;
  /** How many items wait for the picture. */
  held: () => number;
  stop: () => void;
};

/** Past this the picture is not coming (paused, stalled, far behind): the item goes anyway. */
const maxHoldMs = videoMomentMaxAgeMs;
/** How often a waiting queue looks again at most: a seek or a jump to live moves the picture at once. */
const recheckMs = 250;

const defaultSchedule = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms);
  return () => clearTimeout(timer);
};

export function createVideoSyncGate<T>({
  deliver,
  presented = readPresentedClock,
  now = () => performance.now(),
  maxHoldMs: holdLimit = maxHoldMs,
  schedule = defaultSchedule,
  onRelease,
}: GateOptions<T>): VideoSyncGate<T> {
  const hand = (item: T, at: number) => {
    deliver(item);
    onRelease?.(at);
  };
  // In arrival order: a line never overtakes one that came before it.
  let queue: Array<{ item: T; at: number; heldSince: number }> = [];
  let enabled = true;
  let cancel: (() => void) | null = null;

  const release = () => {
    cancel?.();
    cancel = null;
    const shown = presented();
    const current = now();
    while (queue.length > 0) {
      const head = queue[0];
      const due = !enabled || shown === null || head.at <= shown || current - head.heldSince >= holdLimit;
      if (!due) break;
      queue.shift();
      hand(head.item, head.at);
    }
    if (queue.length === 0) return;
    // Wake when the head should show (the picture moves at about real time), or sooner to notice a seek.
    const wait = Math.min(recheckMs, queue[0].at - (shown ?? 0), holdLimit - (current - queue[0].heldSince));
    cancel = schedule(release, Math.max(16, wait));
  };

  return {
    push(item, at, immediate = false) {
      // Moderation and one's own lines go now; what waits stays waiting.
      if (immediate || !enabled) return hand(item, at);
      queue.push({ item, at, heldSince: now() });
      if (queue.length === 1) release();
    },
    drop(match) {
      queue = queue.filter((entry) => !match(entry.item));
    },
    setEnabled(on) {
      enabled = on;
      release();
    },
    held: () => queue.length,
    stop() {
      cancel?.();
      cancel = null;
      queue = [];
    },
  };
}
