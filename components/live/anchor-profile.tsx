import 'server-only';
// The anchor page's card (/anchorInfo/{id}): who they are, fans and follow, whether they are on air now (with the
// way into the room), their introduction and how many replays they have.
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { LevelBadge } from '@/components/user/level-badge';
import { Avatar } from '@/components/ui/avatar';
import type { Locale } from '@/lib/i18n/locales';
import { liveStatuses } from '@/lib/validation/live-constants';
import type { AnchorInfo } from '@/lib/validation/live';
import { liveRoomPath } from '@/lib/routes';
import { AnchorFanGroup } from './anchor-fan-group';
import { AnchorFollow } from './anchor-follow';
import styles from './live.module.css';

/** `replayCount`: from the page's own replay list, so the card and the list below it agree. */
export async function AnchorProfile({ anchor, replayCount, locale }: { anchor: AnchorInfo; replayCount: number; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'player.anchor' });
  const room = liveRoomPath(anchor.id);
  return (
    <section className={styles.profile} aria-labelledby="anchor-name">
      <div className={styles.profileHead}>
        <Avatar src={anchor.avatar} name={anchor.nick_name} size={88} />
        <div className={styles.profileText}>
          <h2 id="anchor-name" className={styles.profileName}>
            {anchor.nick_name}
            <LevelBadge level={anchor.level} size="large" />
          </h2>
          <p className={styles.profileMeta}>
            <span>{t('roomId', { id: anchor.id })}</span>
            <span>{t('replayCount', { count: replayCount })}</span>
          </p>
          <div className={styles.profileActions}>
            <AnchorFollow anchorId={anchor.id} fans={anchor.fans} />
            <AnchorFanGroup anchorId={anchor.id} />
          </div>
        </div>
      </div>
      <div className={styles.profileLive} data-live={anchor.is_live === 1 || undefined}>
        <div className={styles.profileLiveText}>
          <span className={styles.profileLiveState}>
            {anchor.is_live ? <span className={styles.stateDot} aria-hidden="true" /> : null}
            {anchor.live_status === liveStatuses.live ? t('liveNow') : anchor.live_status === liveStatuses.away ? t('awayNow') : t('offAir')}
          </span>
          {anchor.title ? <span className={styles.profileLiveTitle}>{anchor.title}</span> : null}
        </div>
        <Link href={room} className={anchor.is_live ? styles.primaryLink : styles.secondaryLink} prefetch={false}>
          {anchor.is_live ? t('watch') : t('visitRoom')}
        </Link>
      </div>
      <div className={styles.profileAbout}>
        <h3 className={styles.profileAboutTitle}>{t('about')}</h3>
        <p className={styles.profileAboutText}>{anchor.profile || t('noProfile')}</p>
      </div>
    </section>
  );
}
