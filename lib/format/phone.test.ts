import { maskPhone } from './phone';

describe('maskPhone', () => {
  it('shows the first 3 and last 4 digits of an 11-digit number, as the user card does', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
  });

  it('stars more digits of a longer international number', () => {
    expect(maskPhone('447700900123')).toBe('447*****0123');
  });

  it('keeps only 2 and 2 digits of a short number', () => {
    expect(maskPhone('1234567')).toBe('12***67');
  });
});
