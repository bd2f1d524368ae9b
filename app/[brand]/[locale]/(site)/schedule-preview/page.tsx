// Live preview (spec §2.2 /schedule-preview): the lives anchors have planned and the matches of the next seven days,
// each with a Book button (docs/bookings.md). Cached per brand and language for a minute.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PageFrame, PageSection } from '@/components/content/page-frame';
import { MatchRow } from '@/components/matches/match-row';
import { dayLabel, dayOf } from '@/lib/format/date-time';
import { defaultTimeZone, timeZoneName } from '@/lib/format/time-zone';
import { TimeZoneName } from '@/components/shell/local-time';
import { Breadcrumbs } from '@/components/seo/breadcrumbs';
import { EmptyState } from '@/components/ui/empty-state';
import { ClockIcon } from '@/components/shell/icons';
import { resolvePageContext, type LocaleParams } from '@/components/shell/page-context';
import type { MatchSummary } from '@/lib/validation/matches';
import { siteRoutes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo/metadata';
import { readUpcomingMatches } from '@/lib/server/public-pages/match-pages';
import { readPlannedLives } from '@/lib/server/public-pages/planned-lives';
import { BookButton, BookingLabels } from '@/components/bookings/book-button';
import { bookLabels } from '@/components/bookings/booking-labels';
import { PlannedLiveRow } from '@/components/bookings/planned-live-row';
import styles from '@/components/schedule/schedule-preview.module.css';

export const revalidate = 60;

const previewDays = 7;

/** Nothing is rendered at build time (no database then): the page renders on its first request. */
export function generateStaticParams(): LocaleParams[] {
  return [];
}

export async function generateMetadata({ params }: { params: Promise<LocaleParams> }): Promise<Metadata> {
  const { brand, brandName, locale } = await resolvePageContext(params);
  const t = await getTranslations({ locale, namespace: 'matchCentre.preview' });
  return pageMetadata({ brand, brandName, locale, path: siteRoutes.schedulePreview, title: t('title'), description: t('description', { brand: brandName }) });
}

export default async function SchedulePreviewPage({ params }: { params: Promise<LocaleParams> }) {
  const { brand, locale } = await resolvePageContext(params);
  const t = await getTranslations({ locale, namespace: 'matchCentre' });
  const site = await getTranslations({ locale, namespace: 'site.header.tabs' });
  // Whole minutes keep the cache key stable between renders of the same minute.
  const from = new Date(Math.floor(Date.now() / 60_000) * 60_000);
  const to = new Date(from.getTime() + previewDays * 86_400_000);
  const [matches, plans] = await Promise.all([readUpcomingMatches(locale, from.toISOString(), to.toISOString()), readPlannedLives(from.toISOString(), to.toISOString())]);
  const byDay = new Map<string, MatchSummary[]>();
  for (const match of matches) {
    const day = dayOf(new Date(match.kickoffAt), locale);
    byDay.set(day, [...(byDay.get(day) ?? []), match]);
  }
  return (
    <BookingLabels labels={await bookLabels(locale)}>
      <PageFrame
        title={t('preview.title')}
        lead={
          <>
            {t('preview.lead')} {t.rich('timesIn', { name: timeZoneName(locale, defaultTimeZone(locale)), zone: () => <TimeZoneName locale={locale} /> })}
          </>
        }
        above={<Breadcrumbs brand={brand} locale={locale} label={t('breadcrumbLabel')} crumbs={[{ name: site('home'), path: siteRoutes.home }, { name: site('preview'), path: siteRoutes.schedulePreview }]} />}
      >
        <PageSection id="planned" title={t('preview.plannedTitle')}>
          {plans.length === 0 ? (
            <EmptyState icon={ClockIcon} title={t('preview.plannedEmpty')} description={t('preview.plannedHint')} />
          ) : (
            <ul className={styles.plans}>
              {plans.map((plan) => (
                <PlannedLiveRow key={plan.id} plan={plan} locale={locale} />
              ))}
            </ul>
          )}
        </PageSection>
        <PageSection id="next" title={t('preview.matchesTitle')}>
          {byDay.size === 0 ? <p className={styles.quiet}>{t('preview.empty')}</p> : null}
          {[...byDay.entries()].map(([day, list]) => (
            <section key={day} className={styles.day} aria-labelledby={`preview-${day}`}>
              <h3 id={`preview-${day}`} className={styles.dayTitle}>
                {dayLabel(day, locale).full}
              </h3>
              <div>
                {list.map((match) => (
                  <MatchRow key={match.id} match={match} locale={locale} showCompetition action={<BookButton kind="match" id={match.id} title={`${match.home.name} v ${match.away.name}`} />} />
                ))}
              </div>
            </section>
          ))}
        </PageSection>
      </PageFrame>
    </BookingLabels>
  );
}
