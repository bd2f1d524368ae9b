'use client';
// The live room's contribution ranking (spec §2.4 item 10): today, this week or all time, the top 20 givers with
// the viewer's own place pinned under them. Today's list follows the room's rankRep as gifts arrive; a period is
// read again when switched to. Visitors see it too, and are offered to sign in for their own place.
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { isLocale, type Locale } from '@/lib/i18n/locales';
import { parseRoomKey } from '@/lib/validation/chat-constants';
import type { RankingMine, RankingRow } from '@/lib/validation/ranking';
import { rankingPageSize, rankingPeriods, type RankingPeriod } from '@/lib/validation/ranking-constants';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs } from '@/components/ui/tabs';
import { PodiumIcon } from '@/components/shell/icons';
import { useChatStore } from '@/stores/chat-store';
import { useSessionStore } from '@/stores/session-store';
import { roomRankingQuery } from './ranking-api';
import { formatGems } from './ranking-format';
import { RankingRows } from './ranking-rows';
import styles from './ranking.module.css';

/** The viewer's place: from the list shown when on it; otherwise as last read, unless the list pushed them out of it. */
type MinePlace = { rank: number; score: number; outside?: boolean } | null;

function minePlace(list: readonly RankingRow[] | undefined, fetched: RankingMine | undefined, viewerId: number | null): MinePlace {
  if (viewerId === null) return null;
  const shown = list?.find((row) => row.user_id === viewerId);
  if (shown) return { rank: shown.rank, score: shown.score };
  if (!fetched) return null;
  if (fetched.rank > 0 && fetched.rank <= rankingPageSize) return { ...fetched, outside: true };
  return fetched;
}

const emptyKeys = { day: 'room.empty', week: 'room.emptyWeek', all: 'room.emptyAll' } as const;

export function RoomRanking() {
  const t = useTranslations('ranking');
  const uiLocale = useLocale();
  const locale: Locale = isLocale(uiLocale) ? uiLocale : 'en-US';
  const room = useChatStore((state) => state.room);
  const me = useChatStore((state) => state.me);
  const pushed = useChatStore((state) => state.rankTop);
  const openLogin = useSessionStore((state) => state.openLogin);
  const [period, setPeriod] = useState<RankingPeriod>('day');
  const parsed = parseRoomKey(room);
  const anchorId = parsed?.kind === 'live' ? parsed.id : 0;
  const viewerId = me && !me.guest ? Number(me.id) : null;
  const query = useQuery({ ...roomRankingQuery(anchorId, period, viewerId), enabled: anchorId > 0 });

  // Today's list as the room last pushed it, when newer than the last read.
  const live = period === 'day' && pushed && pushed.send_time > query.dataUpdatedAt ? pushed.top : undefined;
  const list = live ?? query.data?.list;
  const mine = minePlace(list, query.data?.mine, viewerId);

  let body;
  if (list) {
    body =
      list.length === 0 ? (
        <div className={styles.roomMessage}>
          <PodiumIcon size={28} />
          <p>{t(emptyKeys[period])}</p>
        </div>
      ) : (
        <RankingRows rows={list} locale={locale} viewerId={viewerId} />
      );
  } else if (query.isError) {
    body = (
      <div className={styles.roomMessage} role="alert">
        <p>{t('room.failed')}</p>
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          {t('room.retry')}
        </Button>
      </div>
    );
  } else {
    body = (
      <div aria-busy="true">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} className={styles.skeletonRow} />
        ))}
      </div>
    );
  }

  return (
    <div className={styles.roomPanel} id="room-ranking-panel" role="tabpanel" aria-labelledby="room-ranking-tab">
      <div className={styles.roomPeriods}>
        <Tabs items={rankingPeriods.map((id) => ({ id, label: t(`periods.${id}`) }))} value={period} onChange={setPeriod} label={t('room.periodLabel')} variant="segmented" />
      </div>
      <div className={styles.roomList}>{body}</div>
      <div className={styles.mine} aria-live="polite">
        {viewerId === null ? (
          <>
            <span className={styles.mineLabel}>{t('room.signIn')}</span>
            <Button variant="secondary" size="sm" onClick={openLogin}>
              {t('room.signInAction')}
            </Button>
          </>
        ) : (
          <>
            <span className={styles.mineLabel}>{t('room.mine')}</span>
            <span className={styles.mineValue}>
              {mine && mine.rank > 0 ? (
                <>
                  <span className={styles.mineRank}>{mine.outside ? t('room.mineOutside', { size: rankingPageSize }) : t('room.mineRank', { rank: mine.rank })}</span>
                  <span className={styles.score}>{t('score', { value: formatGems(mine.score, locale) })}</span>
                </>
              ) : (
                <span className={styles.mineLabel}>{t('room.unranked')}</span>
              )}
            </span>
          </>
        )}
      </div>
    </div>
  );
}
