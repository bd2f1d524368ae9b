import { parseRange } from './range';

describe('parseRange', () => {
  it('serves the whole file without a Range header or with one it does not understand', () => {
    expect(parseRange(null, 1000)).toBeUndefined();
    expect(parseRange('bytes=0-10,20-30', 1000)).toBeUndefined();
    expect(parseRange('items=0-10', 1000)).toBeUndefined();
  });

  it('reads start-end, open-ended and suffix ranges, clamped to the file', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=500-5000', 1000)).toEqual({ start: 500, end: 999 });
    expect(parseRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('refuses ranges past the end (416)', () => {
    expect(parseRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=50-10', 1000)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 1000)).toBe('unsatisfiable');
  });
});
