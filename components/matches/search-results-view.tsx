import 'server-only';
// Search results: the anchors and rooms found, the teams, their matches (live first), and news; or why there are none.
import { getTranslations } from 'next-intl/server';
import { PageFrame, PageSection } from '@/components/content/page-frame';
import { NewsCard } from '@/components/news/news-card';
import { EmptyState } from '@/components/ui/empty-state';
import { SearchIcon } from '@/components/shell/icons';
import type { Locale } from '@/lib/i18n/locales';
import type { KeywordResults } from '@/lib/validation/search';
import { MatchRow } from './match-row';
import { RoomCards } from './room-cards';
import { TeamPills } from '@/components/teams/team-pill';
import styles from './search-results-view.module.css';

export async function SearchResultsView({ locale, results }: { locale: Locale; results: KeywordResults }) {
  const t = await getTranslations({ locale, namespace: 'matchCentre.search' });
  const found = results.rooms.length + results.teams.length + results.matches.length + results.news.length;
  if (results.refused) {
    return (
      <PageFrame title={t('title')}>
        <EmptyState
          icon={SearchIcon}
          title={results.refused === 'tooLong' ? t('tooLong', { max: results.max ?? 0 }) : t('empty')}
          description={t('emptyHint')}
        />
      </PageFrame>
    );
  }
  return (
    <PageFrame
      title={t('titleFor', { keyword: results.keyword })}
      lead={found > 0 ? t('summary', { rooms: results.rooms.length, teams: results.teams.length, matches: results.matches.length, news: results.news.length }) : undefined}
    >
      {found === 0 ? <EmptyState icon={SearchIcon} title={t('noResults', { keyword: results.keyword })} description={t('noResultsHint')} /> : null}
      {results.rooms.length > 0 ? (
        <PageSection id="rooms" title={t('roomsTitle')}>
          <RoomCards rooms={results.rooms} locale={locale} />
        </PageSection>
      ) : null}
      {results.teams.length > 0 ? (
        <PageSection id="teams" title={t('teamsTitle')}>
          <TeamPills teams={results.teams} />
        </PageSection>
      ) : null}
      {results.matches.length > 0 ? (
        <PageSection id="matches" title={t('matchesTitle')}>
          <div className={styles.list}>
            {results.matches.map((match) => (
              <MatchRow key={match.id} match={match} locale={locale} showCompetition showDate />
            ))}
          </div>
        </PageSection>
      ) : null}
      {results.news.length > 0 ? (
        <PageSection id="news" title={t('newsTitle')}>
          <ul className={styles.news}>
            {results.news.map((article) => (
              <li key={article.id}>
                <NewsCard article={article} locale={locale} variant="compact" />
              </li>
            ))}
          </ul>
        </PageSection>
      ) : null}
    </PageFrame>
  );
}
