// A live room in a list (/liveMatches, home): cover with the live state, HD ticket mark and heat; the anchor and
// title below; the linked match's score when there is one, kept current inside the lists' live island. Renders on the server and in client lists alike.
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { formatHeat } from '@/lib/format/heat';
import { Avatar } from '@/components/ui/avatar';
import type { Locale } from '@/lib/i18n/locales';
import { liveStatuses } from '@/lib/validation/live-constants';
import type { LiveListItem } from '@/lib/validation/live';
import { liveRoomPath } from '@/lib/routes';
import { CoverArt } from './cover-art';
import { HeatIcon } from './heat-icon';
import { LiveCardMatch } from './live-card-match';
import styles from './live.module.css';

export function LiveCard({ live, locale, eager = false }: { live: LiveListItem; locale: Locale; eager?: boolean }) {
  const t = useTranslations('player.cards');
  const away = live.live_status === liveStatuses.away;
  return (
    <article className={styles.card}>
      <div className={styles.coverBox}>
        <CoverArt src={live.cover || live.cover_v} name={live.nick_name} eager={eager} />
        <span className={styles.stateBadge} data-away={away || undefined}>
          {away ? null : <span className={styles.stateDot} aria-hidden="true" />}
          {away ? t('away') : t('live')}
        </span>
        {live.ticket > 0 ? <span className={styles.hdBadge}>{t('hd')}</span> : null}
        <span className={styles.heat}>
          <HeatIcon />
          {t('heat', { count: formatHeat(live.heat, locale) })}
        </span>
      </div>
      <div className={styles.cardBody}>
        <Avatar src={live.avatar} name={live.nick_name} size={36} />
        <div className={styles.cardText}>
          <h3 className={styles.cardTitle}>
            <Link href={liveRoomPath(live.anchor_id)} className={styles.cardLink} prefetch={false}>
              {live.title || t('untitled', { name: live.nick_name })}
            </Link>
          </h3>
          <p className={styles.cardAnchor}>{live.nick_name}</p>
          {live.match ? <LiveCardMatch match={live.match} versus={t('versus')} /> : null}
        </div>
      </div>
    </article>
  );
}
