import 'server-only';
// The match page's body: breadcrumb, heading, the live island (scoreboard and tabs), the match's
// facts, its reports, the data credit and the SportsEvent structured data.
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { JsonLdScript } from '@/components/seo/json-ld';
import { SectionBreadcrumbs } from '@/components/seo/breadcrumbs';
import { NewsCard } from '@/components/news/news-card';
import { VideoIcon } from '@/components/shell/icons';
import type { Brand } from '@/lib/brand/registry';
import type { Locale } from '@/lib/i18n/locales';
import { siteRoutes, teamInfoPath } from '@/lib/routes';
import { sportsEventJsonLd } from '@/lib/seo/json-ld';
import type { RoomCard } from '@/lib/validation/live';
import { worldCupCompetitionId, type MatchDetail, type MatchLiveView } from '@/lib/validation/matches';
import type { NewsList } from '@/lib/validation/news';
import { matchLiveLabels } from './live-labels';
import { MatchLive } from './match-live';
import { matchSeoText } from './match-seo';
import { RoomCards } from './room-cards';
import { TeamCrest } from '@/components/teams/team-crest';
import { LocalTime, TimeZoneName } from '@/components/shell/local-time';
import styles from './match-detail-view.module.css';
import { SpoilerShield } from '@/components/spoilers/spoiler-shield';

/** What the page's loader read (lib/server/public-pages/match-pages.ts readMatchPage). */
type MatchPageData = { match: MatchDetail; live: MatchLiveView; reports: NewsList; rooms: RoomCard[] };

type MatchDetailViewProps = {
  brand: Brand;
  brandName: string;
  locale: Locale;
  data: MatchPageData;
  breadcrumbLabel: string;
  /** Spoiler-free (lib/spoilers.ts): the page says the result is hidden instead of showing the live island. */
  spoilerFree?: boolean;
};

export async function MatchDetailView({ brand, brandName, locale, data, breadcrumbLabel, spoilerFree = false }: MatchDetailViewProps) {
  const { match, live, reports, rooms } = data;
  const t = await getTranslations({ locale, namespace: 'matchCentre' });
  const [labels, seo] = await Promise.all([matchLiveLabels(locale), matchSeoText(match, locale, brandName)]);
  const trail = [
    ...(match.competition.id === worldCupCompetitionId ? [{ name: match.competition.shortName, path: siteRoutes.worldCup }] : []),
    { name: seo.name, path: match.path },
  ];
  const referee = match.referees[0];
  // Each decided team links to its page; an undecided knock-out place has none.
  const teams = [match.home, match.away].flatMap((team) => (team.id === null ? [] : [{ ...team, id: team.id }]));
  const room =
    rooms.length > 0 ? (
      <section aria-labelledby="match-rooms-title">
        <h2 id="match-rooms-title" className={styles.roomsTitle}>
          {t('match.roomsTitle')}
        </h2>
        <RoomCards rooms={rooms} locale={locale} />
      </section>
    ) : (
      <div className={styles.room}>
        <span className={styles.roomIcon} aria-hidden="true">
          <VideoIcon size={26} />
        </span>
        <p className={styles.roomTitle}>{t('match.roomEmpty')}</p>
        <p className={styles.roomHint}>{t('match.roomHint')}</p>
      </div>
    );

  return (
    <div className={styles.page}>
      <SectionBreadcrumbs brand={brand} locale={locale} label={breadcrumbLabel} section="schedule" then={trail} />
      <header className={styles.heading}>
        <p className={styles.context}>
          {match.competition.name} · {match.roundLabel}
        </p>
        <h1 className={styles.title}>{seo.name}</h1>
      </header>
      <div className={styles.layout}>
        <div className={styles.main}>
          {spoilerFree ? (
            <div className={styles.hiddenResult}>
              <SpoilerShield kind="match" matchId={match.id} />
              {room}
            </div>
          ) : (
            <MatchLive
              initial={live}
              home={match.home}
              away={match.away}
              kickoffAt={match.kickoffAt}
              locale={locale}
              labels={labels}
              follow={match.status !== 'finished'}
              room={room}
            />
          )}
        </div>
        <aside className={styles.aside}>
          <section className={styles.card} aria-labelledby="match-info-title">
            <h2 id="match-info-title" className={styles.cardTitle}>
              {t('match.infoTitle')}
            </h2>
            <dl className={styles.facts}>
              <div>
                <dt>{t('match.competition')}</dt>
                <dd>{match.competition.name}</dd>
              </div>
              {teams.length > 0 ? (
                <div>
                  <dt>{t('match.teams')}</dt>
                  <dd className={styles.teamLinks}>
                    {teams.map((team) => (
                      <Link key={team.id} href={teamInfoPath(team.id)} className={styles.teamLink} prefetch={false}>
                        <TeamCrest team={team} size="sm" />
                        {team.name}
                      </Link>
                    ))}
                  </dd>
                </div>
              ) : null}
              <div>
                <dt>{t('match.round')}</dt>
                <dd>{match.roundLabel}</dd>
              </div>
              <div>
                <dt>{t('match.kickoffTime')}</dt>
                <dd>
                  <LocalTime iso={match.kickoffAt} locale={locale} format="kickoff" /> <TimeZoneName locale={locale} />
                </dd>
              </div>
              {match.venueDetail ? (
                <div>
                  <dt>{t('match.venue')}</dt>
                  <dd>
                    {match.venueDetail.name}, {match.venueDetail.city}
                    {match.venueDetail.capacity ? <span className={styles.factNote}>{t('match.capacity', { capacity: match.venueDetail.capacity.toLocaleString(locale) })}</span> : null}
                  </dd>
                </div>
              ) : null}
              {match.attendance && match.status === 'finished' ? (
                <div>
                  <dt>{t('match.attendance')}</dt>
                  <dd>{match.attendance.toLocaleString(locale)}</dd>
                </div>
              ) : null}
              {referee ? (
                <div>
                  <dt>{t('match.referee')}</dt>
                  <dd>
                    {referee.name}
                    {referee.country ? ` (${referee.country})` : ''}
                  </dd>
                </div>
              ) : null}
            </dl>
          </section>
          <section className={styles.card} aria-labelledby="match-news-title">
            <h2 id="match-news-title" className={styles.cardTitle}>
              {t('match.newsTitle')}
            </h2>
            {reports.list.length > 0 ? (
              <ul className={styles.news}>
                {reports.list.map((article) => (
                  <li key={article.id}>
                    <NewsCard article={article} locale={locale} variant="compact" />
                  </li>
                ))}
              </ul>
            ) : (
              <p className={styles.muted}>{t('match.newsEmpty')}</p>
            )}
          </section>
          <Link href={siteRoutes.schedule} className={styles.back} prefetch={false}>
            {t('allMatches')}
          </Link>
        </aside>
      </div>
      <p className={styles.credit}>{t('credit')}</p>
      {spoilerFree ? null : <JsonLdScript data={sportsEventJsonLd(brand, locale, match, { name: seo.name, description: seo.description, sport: seo.sport })} />}
    </div>
  );
}
