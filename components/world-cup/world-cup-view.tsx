import 'server-only';
// The World Cup page: the eight groups with their tables and matches, the knock-out bracket, and all
// 64 matches by day.
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { PageFrame } from '@/components/content/page-frame';
import { MatchRow } from '@/components/matches/match-row';
import { MatchStatus } from '@/components/matches/match-status';
import { dayLabel, dayOf } from '@/lib/format/date-time';
import { defaultTimeZone, timeZoneName } from '@/lib/format/time-zone';
import { TimeZoneName } from '@/components/shell/local-time';
import { TeamCrest } from '@/components/teams/team-crest';
import { SectionBreadcrumbs } from '@/components/seo/breadcrumbs';
import type { Brand } from '@/lib/brand/registry';
import type { Locale } from '@/lib/i18n/locales';
import { teamInfoPath } from '@/lib/routes';
import type { CupOverview, MatchSummary, StandingView } from '@/lib/validation/matches';
import styles from './world-cup-view.module.css';
import { SpoilerShield } from '@/components/spoilers/spoiler-shield';

type Translate = Awaited<ReturnType<typeof getTranslations>>;

function GroupTable({ group, rows, t }: { group: string; rows: StandingView[]; t: Translate }) {
  const head = [
    ['played', 'playedLong'],
    ['won', 'wonLong'],
    ['drawn', 'drawnLong'],
    ['lost', 'lostLong'],
    ['goalDifference', 'goalDifferenceLong'],
    ['points', 'pointsLong'],
  ] as const;
  return (
    <table className={styles.table}>
      <caption className="visually-hidden">{t('worldCup.table.caption', { group })}</caption>
      <thead>
        <tr>
          <th scope="col" className={styles.pos}>
            <abbr title={t('worldCup.table.position')}>#</abbr>
          </th>
          <th scope="col" className={styles.teamCol}>
            {t('worldCup.table.team')}
          </th>
          {head.map(([short, long]) => (
            <th key={short} scope="col">
              <abbr title={t(`worldCup.table.${long}`)}>{t(`worldCup.table.${short}`)}</abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.team.id ?? row.team.name} className={row.position <= 2 ? styles.qualifies : undefined}>
            <td className={styles.pos}>{row.position}</td>
            <th scope="row" className={styles.teamCol}>
              {row.team.id === null ? (
                <span className={styles.teamCell}>
                  <TeamCrest team={row.team} size="sm" />
                  <span className={styles.teamName}>{row.team.name}</span>
                </span>
              ) : (
                <Link href={teamInfoPath(row.team.id)} className={`${styles.teamCell} ${styles.teamLink}`} prefetch={false}>
                  <TeamCrest team={row.team} size="sm" />
                  <span className={styles.teamName}>{row.team.name}</span>
                </Link>
              )}
            </th>
            <td>{row.played}</td>
            <td>{row.won}</td>
            <td>{row.drawn}</td>
            <td>{row.lost}</td>
            <td>{row.goalDifference > 0 ? `+${row.goalDifference}` : row.goalDifference}</td>
            <td className={styles.points}>{row.points}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function BracketMatch({ match, locale }: { match: MatchSummary; locale: Locale }) {
  const winner = match.status === 'finished' && match.score ? winnerSide(match) : null;
  return (
    <Link href={match.path} className={styles.bracketMatch} prefetch={false}>
      <span className={styles.bracketMeta}>
        <span>{dayLabel(dayOf(new Date(match.kickoffAt), locale), locale).date}</span>
        <MatchStatus match={match} locale={locale} />
      </span>
      {(['home', 'away'] as const).map((side) => (
        <span key={side} className={`${styles.bracketTeam} ${winner === side ? styles.winner : ''}`}>
          <TeamCrest team={match[side]} size="sm" />
          <span className={styles.bracketName}>{match[side].name}</span>
          <span className={styles.bracketScore}>
            {match.score ? match.score[side] : ''}
            {match.penalties ? <span className={styles.bracketPens}>({match.penalties[side]})</span> : null}
          </span>
        </span>
      ))}
    </Link>
  );
}

function winnerSide(match: MatchSummary): 'home' | 'away' | null {
  const decide = match.penalties ?? match.score;
  if (!decide || decide.home === decide.away) return null;
  return decide.home > decide.away ? 'home' : 'away';
}

type WorldCupViewProps = {
  brand: Brand;
  locale: Locale;
  cup: CupOverview;
  /** Spoiler-free (lib/spoilers.ts): the tables and the bracket are left out, and the page says so. */
  spoilerFree?: boolean;
  now: Date;
};

export async function WorldCupView({ brand, locale, cup, spoilerFree = false, now }: WorldCupViewProps) {
  const t = await getTranslations({ locale, namespace: 'matchCentre' });
  const finished = cup.matches.filter((match) => match.status === 'finished').length;
  const live = cup.matches.filter((match) => match.status === 'live').length;
  const byDay = new Map<string, MatchSummary[]>();
  for (const match of cup.matches) {
    const day = dayOf(new Date(match.kickoffAt), locale);
    byDay.set(day, [...(byDay.get(day) ?? []), match]);
  }
  const today = dayOf(now, locale);

  return (
    <PageFrame
      title={cup.competition.name}
      lead={t('worldCup.lead', { finished, total: cup.matches.length, live })}
      above={
        <SectionBreadcrumbs brand={brand} locale={locale} label={t('breadcrumbLabel')} section="worldCup" />
      }
    >
      <nav aria-label={t('worldCup.sectionsLabel')} className={styles.sections}>
        <a href="#groups">{t('worldCup.groupsTitle')}</a>
        {spoilerFree ? null : <a href="#bracket">{t('worldCup.bracketTitle')}</a>}
        <a href="#matches">{t('worldCup.matchesTitle')}</a>
      </nav>

      <section id="groups" aria-labelledby="groups-title" className={styles.section}>
        <h2 id="groups-title" className={styles.sectionTitle}>
          {t('worldCup.groupsTitle')}
        </h2>
        {spoilerFree ? (
          <div className={styles.spoilerNotice}>
            <SpoilerShield kind="tables" />
          </div>
        ) : null}
        <div className={styles.groups}>
          {cup.groups.map((group) => (
            <section key={group.name} className={styles.group} aria-labelledby={`group-${group.name}`}>
              <h3 id={`group-${group.name}`} className={styles.groupTitle}>
                {group.label}
              </h3>
              {spoilerFree ? null : group.standings.length > 0 ? (
                <GroupTable group={group.name} rows={group.standings} t={t} />
              ) : (
                <p className={styles.quiet}>{t('worldCup.tableEmpty')}</p>
              )}
              <div className={styles.groupMatches}>
                {group.matches.map((match) => (
                  <MatchRow key={match.id} match={match} locale={locale} compact showDate />
                ))}
              </div>
            </section>
          ))}
        </div>
        {spoilerFree ? null : (
          <p className={styles.legend}>
            <span className={styles.legendMark} aria-hidden="true" />
            {t('worldCup.qualifies')}
          </p>
        )}
      </section>

      {spoilerFree ? null : (
        <section id="bracket" aria-labelledby="bracket-title" className={styles.section}>
          <h2 id="bracket-title" className={styles.sectionTitle}>
            {t('worldCup.bracketTitle')}
          </h2>
          <div className={styles.bracket} tabIndex={0} role="region" aria-labelledby="bracket-title">
            {cup.bracket.map((round) => (
              <section key={round.stage} className={styles.round} aria-label={round.label}>
                <h3 className={styles.roundTitle}>{round.label}</h3>
                <ol className={styles.roundMatches}>
                  {round.matches.map((match) => (
                    <li key={match.id}>
                      <BracketMatch match={match} locale={locale} />
                    </li>
                  ))}
                </ol>
              </section>
            ))}
          </div>
          {cup.thirdPlace ? (
            <div className={styles.thirdPlace}>
              <h3 className={styles.roundTitle}>{t('worldCup.thirdPlace')}</h3>
              <BracketMatch match={cup.thirdPlace} locale={locale} />
            </div>
          ) : null}
        </section>
      )}

      <section id="matches" aria-labelledby="matches-title" className={styles.section}>
        <div className={styles.sectionHead}>
          <h2 id="matches-title" className={styles.sectionTitle}>
            {t('worldCup.matchesTitle')}
          </h2>
          <span className={styles.zone}>{t.rich('timesIn', { name: timeZoneName(locale, defaultTimeZone(locale)), zone: () => <TimeZoneName locale={locale} /> })}</span>
        </div>
        {[...byDay.entries()].map(([day, matches]) => (
          <section key={day} className={styles.day} aria-labelledby={`day-${day}`}>
            <h3 id={`day-${day}`} className={`${styles.dayTitle} ${day === today ? styles.today : ''}`}>
              {dayLabel(day, locale).full}
            </h3>
            <div className={styles.dayMatches}>
              {matches.map((match) => (
                <MatchRow key={match.id} match={match} locale={locale} />
              ))}
            </div>
          </section>
        ))}
      </section>
      <p className={styles.credit}>{t('credit')}</p>
    </PageFrame>
  );
}
