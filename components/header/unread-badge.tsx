'use client';
// The private-chat unread count on its tab: '99+' above 99, hidden at 0.
import { useTranslations } from 'next-intl';
import { formatUnreadCount } from '@/lib/format/unread';
import { useUnreadStore } from '@/stores/unread-store';
import styles from './header.module.css';

export function UnreadBadge() {
  const t = useTranslations('shell');
  const count = useUnreadStore((state) => state.privateChatUnread);
  const text = formatUnreadCount(count);
  if (!text) return null;
  return (
    <span className={styles.badge}>
      <span aria-hidden="true">{text}</span>
      <span className="visually-hidden">{t('unread', { count })}</span>
    </span>
  );
}
