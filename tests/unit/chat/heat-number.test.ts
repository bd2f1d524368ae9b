import { formatHeat } from '@/lib/format/heat';

it('shows viewer counts in the spec’s big-number style (W in Chinese from 10,000, K in English from 1,000)', () => {
  expect(formatHeat(999, 'en-US')).toBe('999');
  expect(formatHeat(1250, 'en-US')).toBe('1.2K');
  expect(formatHeat(9999, 'zh-CN')).toBe('9999');
  expect(formatHeat(12_345, 'zh-CN')).toBe('1.2W');
  expect(formatHeat(-3, 'en-US')).toBe('0');
});
