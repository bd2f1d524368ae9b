// The numbers the user card shows (spec §3, §9): VIP progress, balances divided by 100, two-digit levels.
import type { Locale } from '@/lib/i18n/locales';
import { maxBadgeLevel } from './level-bands';

/** Spec §3: progress = process / (process + remainder), as a whole percentage from 0 to 100. */
export function vipProgressPercent(process: number, remainder: number): number {
  const earned = Math.max(process, 0);
  const total = earned + Math.max(remainder, 0);
  if (total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.floor((earned / total) * 100)));
}

/** Balances are stored in hundredths and shown divided by 100, with at most two decimals. */
export function formatBalance(hundredths: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(Math.trunc(hundredths) / 100);
}

/** Spec §9: the level as a two-digit VIP number (6 → "06"). */
export function twoDigitLevel(level: number): string {
  return String(Math.max(0, Math.trunc(level))).padStart(2, '0');
}

/** The level after this one, or null at the top level (its bar is simply full). */
export function nextLevel(level: number): number | null {
  return level >= maxBadgeLevel ? null : Math.max(0, Math.trunc(level)) + 1;
}

/** Spec §3: the user card masks the middle four digits (18800000001 → 188****0001); short numbers show stars only. */
export function maskMiddleFour(mobile: string): string {
  if (mobile.length < 8) return '*'.repeat(mobile.length);
  return `${mobile.slice(0, 3)}****${mobile.slice(7)}`;
}
