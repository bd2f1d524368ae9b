// Times and money in the console: UTC (operators in different places read the same moment), the page's language.
export function consoleTime(iso: string, locale: string): string {
  return `${new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(iso))} UTC`;
}

/** A fiat amount in minor units (cents, fen). */
export function consoleMoney(amountMinor: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amountMinor / 100);
}
