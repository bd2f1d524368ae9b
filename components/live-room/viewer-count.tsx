'use client';
// Viewers in the room right now (spec §7 heatRep val), in the spec's big-number style.
import { useLocale, useTranslations } from 'next-intl';
import { isLocale } from '@/lib/i18n/locales';
import { useChatStore } from '@/stores/chat-store';
import { formatHeat } from './heat-number';
import styles from './live-room.module.css';

export function ViewerCount() {
  const t = useTranslations('chat.room');
  const locale = useLocale();
  const heat = useChatStore((state) => state.heat);
  const connected = useChatStore((state) => state.connection === 'ready');
  return (
    <span className={styles.viewers} data-connected={connected || undefined}>
      <span className={styles.liveDot} aria-hidden="true" />
      {t('viewers', { count: formatHeat(heat, isLocale(locale) ? locale : 'en-US') })}
    </span>
  );
}
