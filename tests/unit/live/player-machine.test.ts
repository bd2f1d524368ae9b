// The live player never waits for ever (issue 18): a rendition that gives no picture gives way to the next of the
// plan, the last failing says so with a retry, a stream that played and dropped is tried again where it was, and a
// new plan (another quality, the stream back on air) starts from its first attempt. A hidden page with a silent
// video pauses the engine and starts the same attempt afresh when shown.
import type { Attempt } from '@/components/live/playback';
import { currentAttempt, initialPlayerState, playerReducer, replacedAttempt, type PlayerAction, type PlayerState } from '@/components/live/player-machine';

const plan: Attempt[] = [
  { rendition: '480', engine: 'flv' },
  { rendition: '720', engine: 'flv' },
  { rendition: '480', engine: 'hls' },
];

const run = (...actions: PlayerAction[]): PlayerState => actions.reduce(playerReducer, initialPlayerState);
const start: PlayerAction = { type: 'start', key: 'live|480', plan };

describe('playerReducer', () => {
  it('connects to the first attempt and plays once a frame is decoded', () => {
    const connecting = run(start);
    expect(connecting).toMatchObject({ status: 'connecting', index: 0, run: 1 });
    expect(currentAttempt(connecting)).toEqual(plan[0]);
    expect(replacedAttempt(connecting)).toBeUndefined();
    expect(run(start, { type: 'frame' })).toMatchObject({ status: 'playing', index: 0, run: 1 });
  });

  it('moves to the next attempt when one fails before its first frame, saying which one it replaces', () => {
    const second = run(start, { type: 'fail' });
    expect(second).toMatchObject({ status: 'connecting', index: 1, run: 2 });
    expect(currentAttempt(second)).toEqual(plan[1]);
    expect(replacedAttempt(second)).toEqual(plan[0]);
    const hls = run(start, { type: 'fail' }, { type: 'fail' }, { type: 'frame' });
    expect(hls).toMatchObject({ status: 'playing', index: 2 });
    expect(currentAttempt(hls)).toEqual({ rendition: '480', engine: 'hls' });
  });

  it('fails when the last attempt fails, and a retry starts again from the first', () => {
    const failed = run(start, { type: 'fail' }, { type: 'fail' }, { type: 'fail' });
    expect(failed.status).toBe('failed');
    expect(currentAttempt(failed)).toBeUndefined();
    // Late reports of the engines that were stopped change nothing.
    expect(playerReducer(failed, { type: 'fail' })).toBe(failed);
    expect(playerReducer(failed, { type: 'frame' })).toBe(failed);
    expect(playerReducer(failed, { type: 'retry' })).toMatchObject({ status: 'connecting', index: 0, run: failed.run + 1 });
  });

  it('tries an attempt that played again after a drop, before moving on', () => {
    const dropped = run(start, { type: 'fail' }, { type: 'frame' }, { type: 'fail' });
    expect(dropped).toMatchObject({ status: 'reconnecting', index: 1 });
    expect(currentAttempt(dropped)).toEqual(plan[1]);
    const again = playerReducer(dropped, { type: 'resume' });
    expect(again).toMatchObject({ status: 'connecting', index: 1, run: dropped.run + 1 });
    expect(playerReducer(again, { type: 'fail' })).toMatchObject({ status: 'connecting', index: 2 });
  });

  it('starts a new plan from its first attempt, and idles with nothing to try', () => {
    const other: Attempt[] = [{ rendition: 'src', engine: 'flv' }];
    const restarted = run(start, { type: 'fail' }, { type: 'start', key: 'live|src', plan: other });
    expect(restarted).toMatchObject({ status: 'connecting', key: 'live|src', index: 0 });
    expect(currentAttempt(restarted)).toEqual(other[0]);
    const away = run(start, { type: 'frame' }, { type: 'start', key: 'away|', plan: [] });
    expect(away).toMatchObject({ status: 'idle', plan: [] });
    expect(currentAttempt(away)).toBeUndefined();
  });

  it('ignores a resume or retry out of turn', () => {
    const playing = run(start, { type: 'frame' });
    expect(playerReducer(playing, { type: 'resume' })).toBe(playing);
    expect(playerReducer(playing, { type: 'retry' })).toBe(playing);
    expect(playerReducer(playing, { type: 'frame' })).toBe(playing);
  });

  it('pauses an engine that runs or reconnects while the page is hidden, and starts the same attempt afresh when shown', () => {
    for (const running of [run(start), run(start, { type: 'fail' }, { type: 'frame' }), run(start, { type: 'frame' }, { type: 'fail' })]) {
      const paused = playerReducer(running, { type: 'hide' });
      expect(paused).toMatchObject({ status: 'paused', index: running.index, run: running.run });
      expect(currentAttempt(paused)).toBeUndefined();
      // A stopped engine's late reports and the reconnect timers change nothing.
      for (const action of [{ type: 'fail' }, { type: 'frame' }, { type: 'resume' }, { type: 'retry' }, { type: 'hide' }] as const) expect(playerReducer(paused, action)).toBe(paused);
      // Shown again: a new <video> (run) on the same attempt, at the live edge.
      const shown = playerReducer(paused, { type: 'show' });
      expect(shown).toMatchObject({ status: 'connecting', index: running.index, run: running.run + 1 });
      expect(currentAttempt(shown)).toEqual(plan[running.index]);
    }
  });

  it('keeps a plan made while paused for when the page shows again, and never pauses what runs nothing', () => {
    const other: Attempt[] = [{ rendition: 'src', engine: 'flv' }];
    const paused = run(start, { type: 'fail' }, { type: 'hide' }, { type: 'start', key: 'live|src', plan: other });
    expect(paused).toMatchObject({ status: 'paused', key: 'live|src', index: 0 });
    expect(playerReducer(paused, { type: 'show' })).toMatchObject({ status: 'connecting', index: 0 });
    expect(currentAttempt(playerReducer(paused, { type: 'show' }))).toEqual(other[0]);
    const failed = run(start, { type: 'fail' }, { type: 'fail' }, { type: 'fail' });
    expect(playerReducer(failed, { type: 'hide' })).toBe(failed);
    expect(playerReducer(initialPlayerState, { type: 'hide' })).toBe(initialPlayerState);
    const playing = run(start, { type: 'frame' });
    expect(playerReducer(playing, { type: 'show' })).toBe(playing);
  });
});
