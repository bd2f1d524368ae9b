import 'server-only';
// A team's page (/teamInfo?id=): where it stands in each competition, its form, live and next matches, its results,
// and the squad with appearances, goals and cards; the SportsTeam structured data for search engines.
import { getTranslations } from 'next-intl/server';
import { PageFrame, PageSection } from '@/components/content/page-frame';
import { MatchRow } from '@/components/matches/match-row';
import { JsonLdScript } from '@/components/seo/json-ld';
import { SectionBreadcrumbs } from '@/components/seo/breadcrumbs';
import type { Brand } from '@/lib/brand/registry';
import type { Locale } from '@/lib/i18n/locales';
import { siteRoutes, teamInfoPath } from '@/lib/routes';
import { sportsTeamJsonLd } from '@/lib/seo/json-ld';
import { playerPositions, type MatchSummary, type TeamProfile } from '@/lib/validation/matches';
import { TeamCrest } from '@/components/teams/team-crest';
import styles from './team-profile-view.module.css';
import { SpoilerShield } from '@/components/spoilers/spoiler-shield';

type TeamProfileViewProps = {
  brand: Brand;
  locale: Locale;
  profile: TeamProfile;
  breadcrumbLabel: string;
  /** Spoiler-free (lib/spoilers.ts): no standings, record, form or goal and card counts, and the page says so. */
  spoilerFree?: boolean;
};

function MatchList({ matches, locale, empty }: { matches: MatchSummary[]; locale: Locale; empty?: string }) {
  if (matches.length === 0) return empty ? <p className={styles.muted}>{empty}</p> : null;
  return (
    <div className={styles.list}>
      {matches.map((match) => (
        <MatchRow key={match.id} match={match} locale={locale} showCompetition showDate />
      ))}
    </div>
  );
}

export async function TeamProfileView({ brand, locale, profile, breadcrumbLabel, spoilerFree = false }: TeamProfileViewProps) {
  const t = await getTranslations({ locale, namespace: 'matchCentre.team' });
  const { team, record, form, squad } = profile;
  const path = teamInfoPath(team.id);
  const topScorer = squad.reduce<TeamProfile['squad'][number] | null>((best, player) => (player.goals > (best?.goals ?? 0) ? player : best), null);
  const byPosition = [...playerPositions, null].map((position) => ({ position, players: squad.filter((player) => player.position === position) }));
  return (
    <PageFrame
      title={team.name}
      lead={[t(team.kind), team.code].filter(Boolean).join(' · ')}
      aside={<TeamCrest team={team} size="lg" />}
      above={<SectionBreadcrumbs brand={brand} locale={locale} label={breadcrumbLabel} section="schedule" then={[{ name: t('allTeams'), path: siteRoutes.teamInfo }, { name: team.name, path }]} />}
    >
      <JsonLdScript data={sportsTeamJsonLd(brand, locale, profile, path)} />
      <div className={styles.layout}>
        <div className={styles.main}>
          {profile.live.length > 0 ? (
            <PageSection id="team-live" title={t('liveTitle')}>
              <MatchList matches={profile.live} locale={locale} />
            </PageSection>
          ) : null}
          <PageSection id="team-upcoming" title={t('upcomingTitle')}>
            <MatchList matches={profile.upcoming} locale={locale} empty={t('noUpcoming')} />
          </PageSection>
          <PageSection id="team-results" title={t('resultsTitle')}>
            <MatchList matches={profile.results} locale={locale} empty={t('noResults')} />
          </PageSection>
        </div>
        <aside className={styles.aside}>
          {spoilerFree ? (
            <SpoilerShield kind="tables" />
          ) : (
            <section className={styles.card} aria-labelledby="team-standing-title">
              <h2 id="team-standing-title" className={styles.cardTitle}>
                {t('standingTitle')}
              </h2>
              <ul className={styles.standings}>
                {profile.competitions.map(({ competition, groupLabel, standing }) => (
                  <li key={competition.id} className={styles.standing}>
                    <span className={styles.competition}>{[competition.name, groupLabel].filter(Boolean).join(' · ')}</span>
                    {standing ? (
                      <span className={styles.place}>
                        <strong>{t('position', { position: standing.position })}</strong>
                        <span>{t('points', { points: standing.points })}</span>
                      </span>
                    ) : (
                      <span className={styles.muted}>{t('noStanding')}</span>
                    )}
                  </li>
                ))}
              </ul>
              <p className={styles.record}>{t('record', record)}</p>
              {form.length > 0 ? (
                <div className={styles.form}>
                  <h3 className={styles.formTitle}>{t('formTitle')}</h3>
                  <ol className={styles.formList} aria-label={t('formLabel', { count: form.length })}>
                    {form.map((outcome, index) => (
                      <li key={index} className={`${styles.outcome} ${styles[outcome]}`}>
                        <span aria-hidden="true">{t(`outcomeShort.${outcome}`)}</span>
                        <span className="visually-hidden">{t(`outcome.${outcome}`)}</span>
                      </li>
                    ))}
                  </ol>
                </div>
              ) : null}
              {topScorer ? <p className={styles.topScorer}>{t('topScorer', { name: topScorer.name, goals: topScorer.goals })}</p> : null}
            </section>
          )}
        </aside>
      </div>
      <PageSection id="team-squad" title={t('squadTitle')}>
        {squad.length === 0 ? (
          <p className={styles.muted}>{t('squadEmpty')}</p>
        ) : (
          <div className={styles.squad}>
            {byPosition.map(({ position, players }) =>
              players.length === 0 ? null : (
                <table key={position ?? 'none'} className={styles.table}>
                  <caption className={styles.caption}>{t(`position_${position ?? 'none'}`)}</caption>
                  <thead>
                    <tr>
                      <th scope="col" className={styles.number}>
                        {t('column.number')}
                      </th>
                      <th scope="col" className={styles.player}>
                        {t('column.player')}
                      </th>
                      <th scope="col">{t('column.appearances')}</th>
                      <th scope="col" className={styles.wide}>
                        {t('column.starts')}
                      </th>
                      {spoilerFree ? null : (
                        <>
                          <th scope="col">{t('column.goals')}</th>
                          <th scope="col" className={styles.wide}>
                            <span className={`${styles.cardIcon} ${styles.yellow}`} aria-hidden="true" />
                            <span className="visually-hidden">{t('column.yellow')}</span>
                          </th>
                          <th scope="col" className={styles.wide}>
                            <span className={`${styles.cardIcon} ${styles.red}`} aria-hidden="true" />
                            <span className="visually-hidden">{t('column.red')}</span>
                          </th>
                        </>
                      )}
                    </tr>
                  </thead>
                  <tbody>
                    {players.map((player) => (
                      <tr key={player.id}>
                        <td className={styles.number}>{player.shirtNumber ?? '–'}</td>
                        <th scope="row" className={styles.player}>
                          {player.name}
                        </th>
                        <td>{player.appearances}</td>
                        <td className={styles.wide}>{player.starts}</td>
                        {spoilerFree ? null : (
                          <>
                            <td>{player.goals}</td>
                            <td className={styles.wide}>{player.yellowCards}</td>
                            <td className={styles.wide}>{player.redCards}</td>
                          </>
                        )}
                      </tr>
                    ))}
                  </tbody>
                </table>
              ),
            )}
          </div>
        )}
      </PageSection>
    </PageFrame>
  );
}
