import 'server-only';
// The talent list (spec §2.2 /ranking): anchors by gift income or fans by gems given, for today, this week or all
// time, switched by links so every list has its own address and is rendered on the server.
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { PageFrame } from '@/components/content/page-frame';
import { PodiumIcon } from '@/components/shell/icons';
import { EmptyState } from '@/components/ui/empty-state';
import type { Locale } from '@/lib/i18n/locales';
import { siteRoutes } from '@/lib/routes';
import type { AnchorRankingRow, RankingRow } from '@/lib/validation/ranking';
import { rankingPeriods, talentBoards } from '@/lib/validation/ranking-constants';
import { RankingMine } from './ranking-mine';
import { rankingHref, type RankingQuery } from './ranking-query';
import { RankingRows } from './ranking-rows';
import styles from './ranking.module.css';

type RankingViewProps = { brandName: string; locale: Locale; query: RankingQuery; list: RankingRow[] | AnchorRankingRow[] | null };

export async function RankingView({ brandName, locale, query, list }: RankingViewProps) {
  const t = await getTranslations({ locale, namespace: 'ranking' });
  if (!list) {
    return (
      <PageFrame title={t('page.title')}>
        <EmptyState icon={PodiumIcon} title={t('page.title')} description={t('errors.hidden')} action={{ href: siteRoutes.home, label: t('page.home') }} />
      </PageFrame>
    );
  }
  const switchLink = (target: RankingQuery, label: string, current: boolean) => (
    <Link href={rankingHref(target)} className={styles.switchLink} aria-current={current ? 'page' : undefined} prefetch={false} scroll={false}>
      {label}
    </Link>
  );
  return (
    <PageFrame title={t('page.title')} lead={t('page.description', { brand: brandName })}>
      <div className={styles.controls}>
        <nav aria-label={t('page.boardLabel')}>
          <ul className={styles.switch}>
            {talentBoards.map((board) => (
              <li key={board}>{switchLink({ ...query, board }, t(`boards.${board}`), board === query.board)}</li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t('room.periodLabel')}>
          <ul className={styles.switch}>
            {rankingPeriods.map((period) => (
              <li key={period}>{switchLink({ ...query, period }, t(`periods.${period}`), period === query.period)}</li>
            ))}
          </ul>
        </nav>
      </div>
      {list.length === 0 ? (
        <EmptyState icon={PodiumIcon} title={t(`periods.${query.period}`)} description={t(query.board === 'anchors' ? 'page.emptyAnchors' : 'page.emptyUsers')} />
      ) : (
        <section className={styles.board} aria-label={`${t(`boards.${query.board}`)} · ${t(`periods.${query.period}`)}`}>
          <div className={styles.boardHead} aria-hidden="true">
            <span>#</span>
            <span>{t(`boards.${query.board}`)}</span>
            <span>{t(query.board === 'anchors' ? 'page.income' : 'page.spending')}</span>
          </div>
          <RankingRows rows={list} locale={locale} size="roomy" />
        </section>
      )}
      <RankingMine board={query.board} period={query.period} />
      <p className={styles.note}>{t('page.timeZone')}</p>
    </PageFrame>
  );
}
