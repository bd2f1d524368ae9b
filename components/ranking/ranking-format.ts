// How a ranking shows a score: hundredths of gems divided by 100 (spec §9), big ones shortened as the spec says
// (万/W from 10,000 in Chinese, K from 1,000 in English).
import { formatHeat } from '@/lib/format/heat';
import type { Locale } from '@/lib/i18n/locales';
import { formatBalance } from '@/components/user/user-numbers';

export function formatGems(hundredths: number, locale: Locale): string {
  const gems = hundredths / 100;
  const short = locale === 'zh-CN' ? gems >= 10_000 : gems >= 1000;
  return short ? formatHeat(gems, locale) : formatBalance(hundredths, locale);
}
