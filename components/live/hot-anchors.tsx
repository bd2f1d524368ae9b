// Home's hot anchors (spec §2.2 /home): the busiest rooms on air, each a row with the anchor, the live's title and
// its heat, leading into the room.
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { formatHeat } from '@/lib/format/heat';
import { Avatar } from '@/components/ui/avatar';
import type { Locale } from '@/lib/i18n/locales';
import { liveStatuses } from '@/lib/validation/live-constants';
import type { LiveListItem } from '@/lib/validation/live';
import { liveRoomPath, siteRoutes } from '@/lib/routes';
import { HeatIcon } from './heat-icon';
import styles from './live.module.css';

export function HotAnchors({ lives, locale }: { lives: LiveListItem[]; locale: Locale }) {
  const t = useTranslations('player.cards');
  return (
    <>
      <ol className={styles.hotList}>
        {lives.map((live, index) => (
          <li key={live.live_id}>
            <Link href={liveRoomPath(live.anchor_id)} className={styles.hotRow} prefetch={false}>
              <span className={styles.hotRank} data-top={index < 3 || undefined}>
                {index + 1}
              </span>
              <span className={styles.hotAvatar}>
                <Avatar src={live.avatar} name={live.nick_name} size={40} />
                <span className={styles.hotDot} data-away={live.live_status === liveStatuses.away || undefined} aria-hidden="true" />
              </span>
              <span className={styles.hotText}>
                <span className={styles.hotName}>{live.nick_name}</span>
                <span className={styles.hotTitle}>{live.title || t('untitled', { name: live.nick_name })}</span>
              </span>
              <span className={styles.hotHeat}>
                <HeatIcon />
                {t('heat', { count: formatHeat(live.heat, locale) })}
              </span>
            </Link>
          </li>
        ))}
      </ol>
      <Link href={siteRoutes.liveMatches} className={styles.hotMore} prefetch={false}>
        {t('allLive')}
      </Link>
    </>
  );
}
