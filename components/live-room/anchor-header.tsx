'use client';
// The live room's heading: the anchor (avatar, nickname, level), the room number, fans and viewers, the live's
// title, and the follow button; the linked match below it when there is one.
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { FollowButton } from '@/components/live/follow-button';
import { LevelBadge } from '@/components/user/level-badge';
import { Avatar } from '@/components/ui/avatar';
import { isLocale } from '@/lib/i18n/locales';
import { formatHeat } from '@/lib/format/heat';
import { useRoom } from './room-context';
import { ViewerCount } from './viewer-count';
import styles from './live-room.module.css';
import { anchorInfoPath } from '@/lib/routes';

export function AnchorHeader() {
  const t = useTranslations('chat.room');
  const tp = useTranslations('player.room');
  const locale = useLocale();
  const { room, update } = useRoom();
  const { anchor } = room;
  return (
    <header className={styles.anchorHeader}>
      <Link href={anchorInfoPath(anchor.id)} className={styles.anchorAvatar} prefetch={false} aria-label={tp('profileOf', { name: anchor.nick_name })}>
        <Avatar src={anchor.avatar} name={anchor.nick_name} size={52} />
      </Link>
      <div className={styles.anchorText}>
        <h1 className={styles.anchorName}>
          {anchor.nick_name}
          <LevelBadge level={anchor.level} size="large" />
        </h1>
        {room.title ? <p className={styles.roomTitle}>{room.title}</p> : null}
        <p className={styles.anchorMeta}>
          <span className={styles.roomId}>{t('roomId', { id: anchor.id })}</span>
          <span>{tp('fans', { count: anchor.fans, shown: formatHeat(anchor.fans, isLocale(locale) ? locale : 'en-US') })}</span>
          <ViewerCount />
        </p>
      </div>
      <div className={styles.anchorActions}>
        <FollowButton
          anchorId={anchor.id}
          followed={anchor.is_followed === 1}
          onChange={({ followed, fans }) => update((current) => ({ ...current, anchor: { ...current.anchor, is_followed: followed ? 1 : 0, fans } }))}
        />
      </div>
    </header>
  );
}
