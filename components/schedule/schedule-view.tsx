import 'server-only';
// The schedule: a strip of match days, filters by sport and status, and the day's matches grouped by
// competition. A match that has not finished has a Book button (docs/bookings.md).
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { PageFrame } from '@/components/content/page-frame';
import { MatchRow } from '@/components/matches/match-row';
import { BookButton, BookingLabels } from '@/components/bookings/book-button';
import { bookLabels } from '@/components/bookings/booking-labels';
import { dayLabel, dayOf } from '@/lib/format/date-time';
import { timeZoneName } from '@/lib/format/time-zone';
import { TimeZoneName } from '@/components/shell/local-time';
import { SectionBreadcrumbs } from '@/components/seo/breadcrumbs';
import { EmptyState } from '@/components/ui/empty-state';
import { CalendarIcon } from '@/components/shell/icons';
import type { Brand } from '@/lib/brand/registry';
import type { Locale } from '@/lib/i18n/locales';
import { matchStatuses, type MatchSummary } from '@/lib/validation/matches';
import { scheduleHref, visibleDays, type ScheduleQuery } from './schedule-query';
import styles from './schedule-view.module.css';

type ScheduleViewProps = {
  brand: Brand;
  locale: Locale;
  query: ScheduleQuery;
  day: string;
  days: { day: string; matches: number; live: number }[];
  sports: { id: number; name: string }[];
  matches: MatchSummary[];
  now: Date;
  /** The viewer's zone (its days and times). */
  zone: string;
};

function groupByCompetition(matches: MatchSummary[]) {
  const groups = new Map<number, { name: string; matches: MatchSummary[] }>();
  for (const match of matches) {
    const group = groups.get(match.competition.id) ?? { name: match.competition.name, matches: [] };
    group.matches.push(match);
    groups.set(match.competition.id, group);
  }
  return [...groups.entries()].map(([id, group]) => ({ id, ...group }));
}

export async function ScheduleView({ brand, locale, query, day, days, sports, matches, now, zone }: ScheduleViewProps) {
  const t = await getTranslations({ locale, namespace: 'matchCentre' });
  const matchesT = await getTranslations({ locale, namespace: 'matches' });
  const today = dayOf(now, locale, zone);
  const counts = new Map(days.map((entry) => [entry.day, entry]));
  const strip = visibleDays(
    days.map((entry) => entry.day),
    day,
    today,
  );
  const filtered = query.sportId !== undefined || query.status !== undefined;
  const chosenLabel = dayLabel(day, locale);
  const groups = groupByCompetition(matches);
  const chip = (active: boolean) => `${styles.chip} ${active ? styles.chipActive : ''}`;

  return (
    <BookingLabels labels={await bookLabels(locale)}>
      <PageFrame
        title={t('schedule.title')}
        lead={
          <>
            {chosenLabel.full} · {t.rich('timesIn', { name: timeZoneName(locale, zone), zone: () => <TimeZoneName locale={locale} zone={zone} /> })}
          </>
        }
        above={
          <SectionBreadcrumbs brand={brand} locale={locale} label={t('breadcrumbLabel')} section="schedule" />
        }
      >
        <nav className={styles.days} aria-label={t('schedule.daysLabel')}>
          {strip.earlier ? (
            <Link href={scheduleHref(query, { date: strip.earlier })} className={styles.dayArrow} prefetch={false} aria-label={t('schedule.previousDays')}>
              ‹
            </Link>
          ) : null}
          <ul className={styles.dayList}>
            {strip.shown.map((entry, index) => {
              const label = dayLabel(entry, locale);
              const count = counts.get(entry);
              // Narrow screens show the chosen day and its nearest neighbours only.
              const far = Math.abs(index - strip.shown.indexOf(day)) > 1;
              return (
                <li key={entry} className={far ? styles.far : undefined}>
                  <Link
                    href={scheduleHref(query, { date: entry })}
                    className={`${styles.day} ${entry === day ? styles.dayActive : ''}`}
                    aria-current={entry === day ? 'date' : undefined}
                    prefetch={false}
                  >
                    <span className={styles.dayWeekday}>{entry === today ? t('schedule.today') : label.weekday}</span>
                    <span className={styles.dayDate}>{label.date}</span>
                    <span className={styles.dayCount}>
                      {count?.live ? <span className={styles.dayLive}>{t('schedule.liveCount', { count: count.live })}</span> : t('schedule.matchCount', { count: count?.matches ?? 0 })}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
          {strip.later ? (
            <Link href={scheduleHref(query, { date: strip.later })} className={styles.dayArrow} prefetch={false} aria-label={t('schedule.nextDays')}>
              ›
            </Link>
          ) : null}
        </nav>

        <div className={styles.filters} role="group" aria-label={t('schedule.filtersLabel')}>
          <ul className={styles.chips} aria-label={t('schedule.sportLabel')}>
            <li>
              <Link href={scheduleHref(query, { sportId: undefined })} className={chip(query.sportId === undefined)} aria-current={query.sportId === undefined ? 'true' : undefined} prefetch={false}>
                {t('schedule.allSports')}
              </Link>
            </li>
            {sports.map((sport) => (
              <li key={sport.id}>
                <Link href={scheduleHref(query, { sportId: sport.id })} className={chip(query.sportId === sport.id)} aria-current={query.sportId === sport.id ? 'true' : undefined} prefetch={false}>
                  {sport.name}
                </Link>
              </li>
            ))}
          </ul>
          <ul className={styles.chips} aria-label={t('schedule.statusLabel')}>
            <li>
              <Link href={scheduleHref(query, { status: undefined })} className={chip(query.status === undefined)} aria-current={query.status === undefined ? 'true' : undefined} prefetch={false}>
                {t('schedule.allStatuses')}
              </Link>
            </li>
            {matchStatuses.map((status) => (
              <li key={status}>
                <Link href={scheduleHref(query, { status })} className={chip(query.status === status)} aria-current={query.status === status ? 'true' : undefined} prefetch={false}>
                  {matchesT(`status.${status}`)}
                </Link>
              </li>
            ))}
          </ul>
        </div>

        {groups.length === 0 ? (
          <EmptyState
            icon={CalendarIcon}
            title={filtered ? t('schedule.emptyFiltered') : t('schedule.empty')}
            description={t('schedule.emptyHint')}
            action={filtered ? { href: scheduleHref(query, { sportId: undefined, status: undefined }), label: t('schedule.clearFilters') } : undefined}
          />
        ) : (
          groups.map((group) => (
            <section key={group.id} className={styles.group} aria-labelledby={`competition-${group.id}`}>
              <h2 id={`competition-${group.id}`} className={styles.groupTitle}>
                {group.name}
                <span className={styles.groupCount}>{t('schedule.matchCount', { count: group.matches.length })}</span>
              </h2>
              <ul className={styles.list}>
                {group.matches.map((match) => (
                  <li key={match.id} className={styles.item}>
                    <MatchRow
                      match={match}
                      locale={locale}
                      zone={zone}
                      action={match.status === 'finished' ? undefined : <BookButton kind="match" id={match.id} title={`${match.home.name} v ${match.away.name}`} />}
                    />
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}
        <p className={styles.credit}>{t('credit')}</p>
      </PageFrame>
    </BookingLabels>
  );
}
