// The live room's heading: the anchor (avatar, nickname, level), the room number, and how many are watching.
import { useTranslations } from 'next-intl';
import { LevelBadge } from '@/components/user/level-badge';
import { UserAvatar } from '@/components/user/user-avatar';
import { ViewerCount } from './viewer-count';
import styles from './live-room.module.css';

export type RoomAnchor = { id: number; nick_name: string; avatar: string; level: number };

export function AnchorHeader({ anchor }: { anchor: RoomAnchor }) {
  const t = useTranslations('chat.room');
  return (
    <header className={styles.anchorHeader}>
      <UserAvatar src={anchor.avatar} name={anchor.nick_name} size={52} />
      <div className={styles.anchorText}>
        <h1 className={styles.anchorName}>
          {anchor.nick_name}
          <LevelBadge level={anchor.level} size="large" />
        </h1>
        <p className={styles.anchorMeta}>
          <span>{t('roomId', { id: anchor.id })}</span>
          <ViewerCount />
        </p>
      </div>
    </header>
  );
}
