// Where a moment of the match sits in a replay's file. A recording is one or more stretches of the stream (it may drop
// and come back), joined end to end; each stretch knows when it began. So a wall-clock moment maps to the stretch that
// was recording then, and a moment while the stream was down to where it came back: that is when a viewer of the
// replay would have seen what followed.
import type { ReplayStretch } from '@/lib/db/schema';

/** The stretches of a file from its segments in recording order: each one's start (ms) and length (s). */
export function stretchesOf(segments: { startedAtMs: number; seconds: number }[]): ReplayStretch[] {
  let offsetSeconds = 0;
  return segments.map((segment) => {
    const stretch = { startedAtMs: segment.startedAtMs, offsetSeconds, seconds: segment.seconds };
    offsetSeconds += segment.seconds;
    return stretch;
  });
}

/**
 * Seconds into the file at which `atMs` shows: 'before' the recording began, 'after' it ended, else a number within
 * [0, the file's length].
 */
export function offsetInReplay(stretches: ReplayStretch[], atMs: number): number | 'before' | 'after' {
  if (stretches.length === 0 || atMs < stretches[0].startedAtMs) return 'before';
  for (const stretch of stretches) {
    const endMs = stretch.startedAtMs + stretch.seconds * 1000;
    if (atMs < stretch.startedAtMs) return stretch.offsetSeconds;
    if (atMs <= endMs) return stretch.offsetSeconds + (atMs - stretch.startedAtMs) / 1000;
  }
  return 'after';
}
