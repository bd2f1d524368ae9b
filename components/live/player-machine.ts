// The live player's attempts as one reducer (issue 18): which rendition plays over which engine, and what the viewer
// is told. The plan is playbackPlan's fallback order; a failure is an engine's error or no decoded frame before the
// watchdog (live-video.tsx), so a stream that cannot be decoded moves on instead of "connecting" for ever.
//
//   idle (nothing to try) ◀─start(empty plan)── any state ──start(plan)──▶ connecting (first attempt)
//
//   connecting ──frame──▶ playing ──fail──▶ reconnecting ──resume (after a pause)──▶ connecting (same attempt)
//       │  fail, another attempt left: connecting (next attempt)
//       └─ fail on the last attempt ──▶ failed ──retry (the viewer, or after a while)──▶ connecting (first attempt)
//
// An attempt that played once is tried again after a drop (network, encoder restart) before the plan moves on.
import type { Attempt } from './playback';

type PlayerStatus = 'idle' | 'connecting' | 'playing' | 'reconnecting' | 'failed';

export type PlayerState = {
  status: PlayerStatus;
  /** What the plan was made from (phase, wanted rendition, offered renditions): a new key starts afresh. */
  key: string;
  plan: Attempt[];
  /** The attempt under way in `plan`. */
  index: number;
  /** Counts engine starts: the <video> is mounted afresh for each. */
  run: number;
};

export type PlayerAction =
  | { type: 'start'; key: string; plan: Attempt[] }
  /** The first frame was decoded. */
  | { type: 'frame' }
  /** The engine gave up, or no frame came in time. */
  | { type: 'fail' }
  | { type: 'resume' }
  | { type: 'retry' };

export const initialPlayerState: PlayerState = { status: 'idle', key: '', plan: [], index: 0, run: 0 };

const connect = (state: PlayerState, index: number): PlayerState => ({ ...state, status: 'connecting', index, run: state.run + 1 });

export function playerReducer(state: PlayerState, action: PlayerAction): PlayerState {
  switch (action.type) {
    case 'start':
      if (action.plan.length === 0) return { ...state, status: 'idle', key: action.key, plan: [], index: 0 };
      return connect({ ...state, key: action.key, plan: action.plan }, 0);
    case 'frame':
      return state.status === 'connecting' ? { ...state, status: 'playing' } : state;
    case 'fail':
      if (state.status === 'playing') return { ...state, status: 'reconnecting' };
      if (state.status !== 'connecting') return state;
      return state.index + 1 < state.plan.length ? connect(state, state.index + 1) : { ...state, status: 'failed' };
    case 'resume':
      return state.status === 'reconnecting' ? connect(state, state.index) : state;
    case 'retry':
      return state.status === 'failed' ? connect(state, 0) : state;
  }
}

/** The attempt the <video> runs (none while idle or failed). */
export function currentAttempt(state: PlayerState): Attempt | undefined {
  return state.status === 'idle' || state.status === 'failed' ? undefined : state.plan[state.index];
}

/** The attempt the viewer asked for, when another one is tried or plays in its place. */
export function replacedAttempt(state: PlayerState): Attempt | undefined {
  return state.index > 0 && currentAttempt(state) ? state.plan[0] : undefined;
}
