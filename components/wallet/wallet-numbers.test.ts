import { formatPrice, movementKindKey } from './wallet-numbers';

describe('wallet numbers', () => {
  it('show a price from minor units in its currency and the reader’s language', () => {
    expect(formatPrice(999, 'USD', 'en-US')).toBe('$9.99');
    expect(formatPrice(6800, 'CNY', 'zh-CN')).toBe('¥68.00');
    // A currency without decimals has no minor unit to divide by.
    expect(formatPrice(500, 'JPY', 'en-US')).toBe('¥500');
  });

  it('name the movements it knows and call the rest other', () => {
    expect(movementKindKey('recharge.refund')).toBe('recharge_refund');
    expect(movementKindKey('grant')).toBe('grant');
    expect(movementKindKey('lottery.prize')).toBe('other');
  });
});
