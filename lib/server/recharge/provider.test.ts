/**
 * @jest-environment node
 */
// Amounts as providers write them (the SDKs load Node-only HTTP clients, hence the Node environment).
import { minorUnitsOf } from './provider';
import { yuanText } from './providers/alipay';

describe('provider amounts', () => {
  it('read decimal amounts as minor units without floating point', () => {
    expect(minorUnitsOf('68.00')).toBe(6800);
    expect(minorUnitsOf('0.1')).toBe(10);
    expect(minorUnitsOf('19.99')).toBe(1999);
    expect(minorUnitsOf('7')).toBe(700);
    expect(minorUnitsOf('1.230')).toBe(123);
  });

  it('refuse what is not an amount, or finer than the minor unit', () => {
    expect(minorUnitsOf('')).toBeUndefined();
    expect(minorUnitsOf('-1.00')).toBeUndefined();
    expect(minorUnitsOf('1.005')).toBeUndefined();
    expect(minorUnitsOf('1e3')).toBeUndefined();
  });

  it('write minor units as Alipay writes yuan, and read them back', () => {
    for (const minor of [1, 99, 600, 6800, 64800]) expect(minorUnitsOf(yuanText(minor))).toBe(minor);
    expect(yuanText(6805)).toBe('68.05');
  });
});
