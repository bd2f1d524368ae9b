import { offsetInReplay, stretchesOf } from './timeline';

describe('a replay’s timeline', () => {
  const stretches = stretchesOf([
    { startedAtMs: 1_000_000, seconds: 60 },
    // The stream was down for 30 s, then ran 40 s more.
    { startedAtMs: 1_090_000, seconds: 40 },
  ]);

  it('places each stretch after the ones before it in the file', () => {
    expect(stretches).toEqual([
      { startedAtMs: 1_000_000, offsetSeconds: 0, seconds: 60 },
      { startedAtMs: 1_090_000, offsetSeconds: 60, seconds: 40 },
    ]);
  });

  it('maps a moment to the second of the file that recorded it', () => {
    expect(offsetInReplay(stretches, 1_000_000)).toBe(0);
    expect(offsetInReplay(stretches, 1_012_500)).toBe(12.5);
    expect(offsetInReplay(stretches, 1_100_000)).toBe(70);
    expect(offsetInReplay(stretches, 1_130_000)).toBe(100);
  });

  it('puts a moment while the stream was down where it came back', () => {
    expect(offsetInReplay(stretches, 1_075_000)).toBe(60);
  });

  it('tells moments before the recording and after its end apart', () => {
    expect(offsetInReplay(stretches, 999_999)).toBe('before');
    expect(offsetInReplay(stretches, 1_130_001)).toBe('after');
    expect(offsetInReplay([], 1_000_000)).toBe('before');
  });
});
