import { answerX, captchaReducer, initialCaptchaState, maxPieceX, type CaptchaAction, type CaptchaState } from '@/components/auth/captcha-machine';

const challenge = { id: 'c1', image: 'data:image/jpeg;base64,AA', slide: 'data:image/png;base64,AA', y: 120 };
const run = (...actions: CaptchaAction[]): CaptchaState => actions.reduce(captchaReducer, initialCaptchaState);
const loaded: CaptchaAction = { type: 'loaded', challenge };

describe('slide captcha states', () => {
  it('starts loading, then lets the piece be dragged from the left edge', () => {
    expect(initialCaptchaState.status).toBe('loading');
    expect(run(loaded)).toEqual({ status: 'dragging', challenge, x: 0, held: false });
  });

  it('keeps the piece inside the picture while dragging', () => {
    expect(answerX(run(loaded, { type: 'grab' }, { type: 'move', x: 9999 }))).toBe(maxPieceX);
    expect(maxPieceX).toBe(540);
    expect(answerX(run(loaded, { type: 'grab' }, { type: 'move', x: -40 }))).toBe(0);
  });

  it('verifies where the piece was dropped', () => {
    const dropped = run(loaded, { type: 'grab' }, { type: 'move', x: 312.4 }, { type: 'release' });
    expect(dropped.status).toBe('verifying');
    expect(answerX(dropped)).toBe(312);
  });

  it('does not send a drop at the starting point', () => {
    expect(run(loaded, { type: 'grab' }, { type: 'release' })).toMatchObject({ status: 'dragging', held: false });
  });

  it('ends verified on acceptance and failed on rejection, from verifying only', () => {
    const verifying = run(loaded, { type: 'move', x: 200 }, { type: 'release' });
    expect(captchaReducer(verifying, { type: 'accepted' }).status).toBe('verified');
    expect(captchaReducer(verifying, { type: 'rejected' }).status).toBe('failed');
    const dragging = run(loaded);
    expect(captchaReducer(dragging, { type: 'accepted' })).toBe(dragging);
  });

  it('starts again on a new picture after a failure or a refresh, but never throws away a drop being checked', () => {
    const failed = run(loaded, { type: 'move', x: 200 }, { type: 'release' }, { type: 'rejected' });
    expect(captchaReducer(failed, { type: 'refresh' })).toEqual({ status: 'loading' });
    expect(captchaReducer(run(loaded, { type: 'move', x: 80 }), { type: 'refresh' })).toEqual({ status: 'loading' });
    const verifying = run(loaded, { type: 'move', x: 200 }, { type: 'release' });
    expect(captchaReducer(verifying, { type: 'refresh' })).toBe(verifying);
  });

  it('shows a load failure that a refresh retries', () => {
    const failed = run({ type: 'loadFailed' });
    expect(failed.status).toBe('loadFailed');
    expect(captchaReducer(failed, { type: 'refresh' })).toEqual({ status: 'loading' });
  });
});
