// Spec §9 big numbers: in Chinese 万 (W) from 10,000 with one decimal; in English K from 1,000.
import type { Locale } from '@/lib/i18n/locales';

export function formatHeat(value: number, locale: Locale): string {
  const count = Math.max(0, Math.trunc(value));
  const oneDecimal = (scaled: number) => String(Math.floor(scaled * 10) / 10);
  if (locale === 'zh-CN') return count >= 10_000 ? `${oneDecimal(count / 10_000)}W` : String(count);
  return count >= 1000 ? `${oneDecimal(count / 1000)}K` : String(count);
}
