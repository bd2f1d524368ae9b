// The rows of a ranking, shared by the live room's panel and the /ranking page: the place (a medal for the first
// three), the avatar, the nickname with the level badge, the score in gems; an anchor's row says when they are
// live and opens their room.
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { Locale } from '@/lib/i18n/locales';
import { liveRoomPath } from '@/lib/routes';
import { liveStatuses } from '@/lib/validation/live-constants';
import type { AnchorRankingRow, RankingRow } from '@/lib/validation/ranking';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { LevelBadge } from '@/components/user/level-badge';
import { formatGems } from './ranking-format';
import styles from './ranking.module.css';

type RankingRowsProps = {
  rows: readonly (RankingRow | AnchorRankingRow)[];
  locale: Locale;
  /** The signed-in viewer, whose row is marked. */
  viewerId?: number | null;
  size?: 'compact' | 'roomy';
};

function isAnchorRow(row: RankingRow | AnchorRankingRow): row is AnchorRankingRow {
  return 'room_id' in row;
}

function RankPlace({ rank }: { rank: number }) {
  const t = useTranslations('ranking');
  return (
    <span className={styles.place} data-medal={rank <= 3 ? rank : undefined} role="img" aria-label={t('rank', { rank })}>
      {rank}
    </span>
  );
}

export function RankingRows({ rows, locale, viewerId, size = 'compact' }: RankingRowsProps) {
  const t = useTranslations('ranking');
  return (
    <ol className={styles.rows} data-size={size}>
      {rows.map((row) => {
        const live = isAnchorRow(row) && row.live_status !== liveStatuses.notStarted;
        const name = (
          <span className={styles.name} title={row.nick_name}>
            {row.nick_name}
          </span>
        );
        return (
          <li key={row.user_id} className={styles.row} data-mine={row.user_id === viewerId ? '' : undefined} data-top={row.rank <= 3 ? row.rank : undefined}>
            <RankPlace rank={row.rank} />
            <Avatar src={row.avatar} name={row.nick_name} size={size === 'roomy' ? 40 : 32} className={styles.avatar} />
            <span className={styles.who}>
              {isAnchorRow(row) ? (
                <Link href={liveRoomPath(row.room_id)} className={styles.nameLink} prefetch={false}>
                  {name}
                </Link>
              ) : (
                name
              )}
              <span className={styles.badges}>
                <LevelBadge level={row.level} />
                {live ? (
                  <Badge tone="live" className={styles.live}>
                    {t('page.live')}
                  </Badge>
                ) : null}
              </span>
            </span>
            <span className={styles.score}>{t('score', { value: formatGems(row.score, locale) })}</span>
          </li>
        );
      })}
    </ol>
  );
}
