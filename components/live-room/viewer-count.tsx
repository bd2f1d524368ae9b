'use client';
// Viewers in the room right now, in the spec's big-number style (§9): the larger of the chat's count (heatRep val,
// live) and the media server's count of players pulling the stream (getRoomInfo heat, refreshed with the room).
import { useLocale, useTranslations } from 'next-intl';
import { isLocale } from '@/lib/i18n/locales';
import { useChatStore } from '@/stores/chat-store';
import { formatHeat } from '@/lib/format/heat';
import { useRoom } from './room-context';
import styles from './live-room.module.css';

export function ViewerCount() {
  const t = useTranslations('chat.room');
  const locale = useLocale();
  const chatHeat = useChatStore((state) => state.heat);
  const streamHeat = useRoom().room.heat;
  const connected = useChatStore((state) => state.connection === 'ready');
  return (
    <span className={styles.viewers} data-connected={connected || undefined}>
      <span className={styles.liveDot} aria-hidden="true" />
      {t('viewers', { count: formatHeat(Math.max(chatHeat, streamHeat), isLocale(locale) ? locale : 'en-US') })}
    </span>
  );
}
