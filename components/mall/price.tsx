// A price or a balance in one of the two currencies, with its icon: gems (diamond) or diamonds (gold), stored in
// hundredths and shown divided by 100 (spec §3).
import { useLocale, useTranslations } from 'next-intl';
import { DiamondIcon, GemIcon } from '@/components/shell/icons';
import { formatBalance } from '@/components/user/user-numbers';
import { fallbackLocale, isLocale } from '@/lib/i18n/locales';
import type { Currency } from './mall-types';
import styles from './mall.module.css';

export function usePriceText(): (hundredths: number, currency: Currency) => string {
  const t = useTranslations('mall');
  const uiLocale = useLocale();
  const locale = isLocale(uiLocale) ? uiLocale : fallbackLocale;
  return (hundredths, currency) => t('price', { amount: formatBalance(hundredths, locale), currency: t(`currency.${currency}`) });
}

export function Price({ hundredths, currency, className }: { hundredths: number; currency: Currency; className?: string }) {
  const priceText = usePriceText();
  const Icon = currency === 'diamond' ? GemIcon : DiamondIcon;
  return (
    <span className={`${styles.price} ${className ?? ''}`} data-currency={currency}>
      <Icon size={16} />
      {priceText(hundredths, currency)}
    </span>
  );
}
