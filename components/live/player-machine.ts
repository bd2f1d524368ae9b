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
//   connecting, playing, reconnecting ──hide──▶ paused ──show──▶ connecting (same attempt, at the live edge)
//
// An attempt that played once is tried again after a drop (network, encoder restart) before the plan moves on.
// `paused`: the page is hidden and the video silent, so the engine stops (live-stage.tsx); a new plan meanwhile is
// kept for when the page shows again.
import type { Attempt } from './playback';

type PlayerStatus = 'idle' | 'connecting' | 'playing' | 'reconnecting' | 'failed' | 'paused';

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
  | { type: 'retry' }
  /** The page was hidden with nothing to hear: no engine runs until it shows again. */
  | { type: 'hide' }
  | { type: 'show' };

export const initialPlayerState: PlayerState = { status: 'idle', key: '', plan: [], index: 0, run: 0 };

const connect = (state: PlayerState, index: number): PlayerState => ({ ...state, status: 'connecting', index, run: state.run + 1 });

export function playerReducer(state: PlayerState, action: PlayerAction): PlayerState {
  switch (action.type) {
    case 'start':
      if (action.plan.length === 0) return { ...state, status: 'idle', key: action.key, plan: [], index: 0 };
      if (state.status === 'paused') return { ...state, key: action.key, plan: action.plan, index: 0 };
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
    case 'hide':
      return pausable(state) ? { ...state, status: 'paused' } : state;
    case 'show':
      return state.status === 'paused' ? connect(state, state.index) : state;
  }
}

/** Whether an engine runs or is about to (what a hidden page pauses). */
export function pausable(state: PlayerState): boolean {
  return state.status === 'connecting' || state.status === 'playing' || state.status === 'reconnecting';
}

/** The attempt the <video> runs (none while idle, failed or paused). */
export function currentAttempt(state: PlayerState): Attempt | undefined {
  return state.status === 'idle' || state.status === 'failed' || state.status === 'paused' ? undefined : state.plan[state.index];
}

/** The attempt the viewer asked for, when another one is tried or plays in its place. */
export function replacedAttempt(state: PlayerState): Attempt | undefined {
  return state.index > 0 && currentAttempt(state) ? state.plan[0] : undefined;
}
