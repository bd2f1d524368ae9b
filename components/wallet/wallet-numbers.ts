// The numbers of the wallet pages: fiat prices from minor units in the brand's currency, gems and diamonds from
// hundredths (spec §3, §9), and the label key of a ledger movement's kind.
import type { Locale } from '@/lib/i18n/locales';

/** 499 USD → "$4.99", 6800 CNY → "¥68.00": the currency's own number of decimals says where the minor unit is. */
export function formatPrice(minor: number, currency: string, locale: Locale): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const decimals = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minor / 10 ** decimals);
}

/** The movements the wallet lists name; another kind (a later feature's) is shown as "other". */
const namedKinds = ['recharge', 'recharge.refund', 'recharge.dispute', 'grant', 'opening', 'gift', 'mall.purchase', 'game.stake', 'game.payout'] as const;

/** A movement kind's message key under wallet.myWallet.kinds (message keys cannot hold dots). */
export function movementKindKey(kind: string): string {
  return (namedKinds as readonly string[]).includes(kind) ? kind.replace('.', '_') : 'other';
}
