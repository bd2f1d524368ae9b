import 'server-only';
// Live rooms as linked cards (a match's room tab, search results): the anchor, the live's title, on air or not.
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { Avatar } from '@/components/ui/avatar';
import type { Locale } from '@/lib/i18n/locales';
import type { RoomCard } from '@/lib/validation/live';
import styles from './room-cards.module.css';

export async function RoomCards({ rooms, locale }: { rooms: RoomCard[]; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'matchCentre.rooms' });
  return (
    <ul className={styles.rooms}>
      {rooms.map((room) => (
        <li key={room.anchorId}>
          <Link href={room.path} className={styles.room} prefetch={false}>
            <Avatar src={room.avatar} name={room.nickName} size={44} />
            <span className={styles.text}>
              <span className={styles.name}>{room.nickName}</span>
              {room.title ? <span className={styles.title}>{room.title}</span> : null}
            </span>
            <span className={room.onAir ? styles.onAir : styles.offAir}>
              {room.onAir ? t('onAir') : t('offAir')}
              {room.onAir && room.viewers > 0 ? <span className={styles.viewers}>{t('viewers', { count: room.viewers })}</span> : null}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
