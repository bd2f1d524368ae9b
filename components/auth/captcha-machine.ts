// The slide captcha's states (spec §4): loading the picture, dragging the piece, verifying the drop; then a
// verdict shown briefly (success 1 s, failure 0.8 s, spec §9). The server allows one try per picture, so a
// failure resets the slider on a fresh picture.
import type { CaptchaChallenge } from '@/lib/validation/auth';

/** Spec §9: the picture is 590 by 360, the piece 50 by 59. */
export const captchaImage = { width: 590, height: 360 } as const;
export const captchaPiece = { width: 50, height: 59 } as const;
/** The piece's left edge travels from 0 to here (image pixels). */
export const maxPieceX = captchaImage.width - captchaPiece.width;

export const captchaSuccessMs = 1000;
export const captchaFailureMs = 800;

export type CaptchaState =
  | { status: 'loading' }
  | { status: 'loadFailed' }
  /** `x`: the piece's left edge in image pixels; `held`: the slider is being dragged. */
  | { status: 'dragging'; challenge: CaptchaChallenge; x: number; held: boolean }
  | { status: 'verifying'; challenge: CaptchaChallenge; x: number }
  | { status: 'verified'; challenge: CaptchaChallenge; x: number }
  | { status: 'failed'; challenge: CaptchaChallenge; x: number };

export type CaptchaAction =
  | { type: 'loaded'; challenge: CaptchaChallenge }
  | { type: 'loadFailed' }
  | { type: 'refresh' }
  | { type: 'grab' }
  | { type: 'move'; x: number }
  | { type: 'release' }
  | { type: 'accepted' }
  | { type: 'rejected' };

export const initialCaptchaState: CaptchaState = { status: 'loading' };

export const clampPieceX = (x: number) => Math.min(maxPieceX, Math.max(0, Number.isFinite(x) ? x : 0));

export function captchaReducer(state: CaptchaState, action: CaptchaAction): CaptchaState {
  switch (action.type) {
    case 'loaded':
      return state.status === 'loading' ? { status: 'dragging', challenge: action.challenge, x: 0, held: false } : state;
    case 'loadFailed':
      return state.status === 'loading' ? { status: 'loadFailed' } : state;
    case 'refresh':
      // A drop being checked or just accepted is not thrown away.
      return state.status === 'verifying' || state.status === 'verified' ? state : { status: 'loading' };
    case 'grab':
      return state.status === 'dragging' ? { ...state, held: true } : state;
    case 'move':
      return state.status === 'dragging' ? { ...state, x: clampPieceX(action.x) } : state;
    case 'release':
      if (state.status !== 'dragging') return state;
      // Letting go where it started is not an answer: the slider simply waits.
      return state.x > 0 ? { status: 'verifying', challenge: state.challenge, x: state.x } : { ...state, held: false };
    case 'accepted':
      return state.status === 'verifying' ? { ...state, status: 'verified' } : state;
    case 'rejected':
      return state.status === 'verifying' ? { ...state, status: 'failed' } : state;
  }
}

/** Spec §5: the server wants the piece's x in the 590-wide picture, whatever size it is shown at. */
export function answerX(state: CaptchaState): number {
  return state.status === 'loading' || state.status === 'loadFailed' ? 0 : Math.round(state.x);
}
