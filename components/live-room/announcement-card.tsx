'use client';
// The room announcement (spec §3): content and contact lines; the server's copy first, then live updates.
import { useTranslations } from 'next-intl';
import { useChatStore } from '@/stores/chat-store';
import styles from './live-room.module.css';

export function AnnouncementCard() {
  const t = useTranslations('chat.room');
  const announcement = useChatStore((state) => state.announcement);
  const headline = announcement?.contact.find((line) => line.title === 'main_content');
  const others = announcement?.contact.filter((line) => line.title !== 'main_content') ?? [];
  return (
    <section className={styles.announcement} aria-labelledby="room-announcement">
      <h2 id="room-announcement" className={styles.announcementTitle}>
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" aria-hidden="true" focusable="false">
          <path d="M4 10v4h3l7 5V5l-7 5z" />
          <path d="M17.5 9a4 4 0 0 1 0 6" />
        </svg>
        {t('announcement')}
        {headline ? <span className={styles.headline}>{headline.value}</span> : null}
      </h2>
      {announcement?.content ? <p className={styles.announcementText}>{announcement.content}</p> : <p className={styles.announcementEmpty}>{t('noAnnouncement')}</p>}
      {others.length > 0 ? (
        <dl className={styles.contacts}>
          {others.map((line) => (
            <div key={`${line.title}:${line.value}`} className={styles.contact}>
              <dt>{line.title}</dt>
              <dd>{line.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
}
