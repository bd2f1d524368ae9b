import 'server-only';
// The home page's body: banners, live now, coming up, hot anchors (the busiest rooms on air), latest news
// and the World Cup. Scores and clocks move in the browser, and the page re-renders when rooms go on or off air
// (ListLive).
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { matchBoardLabels } from '@/components/matches/live-labels';
import { ListLive } from '@/components/matches/list-live';
import { MatchTile } from '@/components/matches/match-tile';
import { MatchRow } from '@/components/matches/match-row';
import { formatKickoff } from '@/lib/format/date-time';
import { defaultTimeZone, timeZoneName } from '@/lib/format/time-zone';
import { LocalTime, TimeZoneName } from '@/components/shell/local-time';
import { HotAnchors } from '@/components/live/hot-anchors';
import { NewsCard } from '@/components/news/news-card';
import { scheduleHref } from '@/components/schedule/schedule-query';
import { MicIcon, TrophyIcon } from '@/components/shell/icons';
import type { Locale } from '@/lib/i18n/locales';
import { siteRoutes } from '@/lib/routes';
import type { BannerWithTarget } from '@/lib/validation/content';
import type { LiveList } from '@/lib/validation/live';
import type { MatchSummary } from '@/lib/validation/matches';
import type { NewsList } from '@/lib/validation/news';
import { BannerStrip } from './banner-strip';
import { Section } from '@/components/ui/section';
import styles from './home-view.module.css';

const upcomingCount = 6;

// Home's sections: a larger title, and their own spacing on phones.
const sectionLook = { className: styles.section, titleClassName: styles.sectionTitle };

/** What the page's loader read (lib/server/public-pages/home-page.ts). */
export type HomeData = {
  banners: BannerWithTarget[];
  live: MatchSummary[];
  upcoming: MatchSummary[];
  news: NewsList;
  rooms: LiveList;
  /** The rooms on air when the page was rendered: the page re-renders when it changes (ListLive). */
  onAir: string;
};

export async function HomeView({ data, brandName, locale }: { data: HomeData; brandName: string; locale: Locale }) {
  const { banners, live, upcoming, news, rooms, onAir } = data;
  const [t, boardLabels] = await Promise.all([getTranslations({ locale, namespace: 'matchCentre' }), matchBoardLabels(locale)]);
  const next = upcoming[0];
  const upcomingShown = upcoming.slice(0, upcomingCount);
  return (
    <ListLive follow={[...live, ...upcomingShown].map(({ id, status }) => ({ id, status }))} onAir={onAir} labels={boardLabels}>
      <div className={styles.page}>
        <h1 className="visually-hidden">
          {brandName}: {t('home.title')}
        </h1>
        {banners.length > 0 ? <BannerStrip banners={banners} label={t('home.bannersLabel')} /> : null}
        <div className={styles.layout}>
          <div className={styles.main}>
            <Section
              id="live"
              {...sectionLook}
              title={
                <>
                  <span className={styles.liveMark} aria-hidden="true" />
                  {t('home.liveTitle')}
                </>
              }
              action={
                <Link href={scheduleHref({}, { status: 'live' })} className={styles.more} prefetch={false}>
                  {t('viewAll')}
                </Link>
              }
            >
              {live.length > 0 ? (
                <ul className={styles.tiles}>
                  {live.map((match) => (
                    <li key={match.id}>
                      <MatchTile match={match} locale={locale} />
                    </li>
                  ))}
                </ul>
              ) : (
                <p className={styles.quiet}>
                  {t('home.liveEmpty')}{' '}
                  {next
                    ? t.rich('home.nextKickoff', {
                        match: `${next.home.name} – ${next.away.name}`,
                        when: formatKickoff(next.kickoffAt, locale),
                        time: () => (
                          <>
                            <LocalTime iso={next.kickoffAt} locale={locale} format="kickoff" /> <TimeZoneName locale={locale} />
                          </>
                        ),
                      })
                    : null}
                </p>
              )}
            </Section>
            <Section
              id="upcoming"
              {...sectionLook}
              title={t('home.upcomingTitle')}
              action={<span className={styles.zone}>{t.rich('timesIn', { name: timeZoneName(locale, defaultTimeZone(locale)), zone: () => <TimeZoneName locale={locale} /> })}</span>}
            >
              {upcoming.length > 0 ? (
                <div className={styles.list}>
                  {upcomingShown.map((match) => (
                    <MatchRow key={match.id} match={match} locale={locale} showCompetition showDate follow />
                  ))}
                </div>
              ) : (
                <p className={styles.quiet}>{t('home.upcomingEmpty')}</p>
              )}
            </Section>
          </div>
          <aside className={styles.side}>
            <section className={styles.card} aria-labelledby="anchors-title">
              <h2 id="anchors-title" className={styles.cardTitle}>
                {t('home.anchorsTitle')}
              </h2>
              {rooms.list.length > 0 ? (
                <HotAnchors lives={rooms.list} locale={locale} />
              ) : (
                <div className={styles.anchorsEmpty}>
                  <span className={styles.anchorsIcon} aria-hidden="true">
                    <MicIcon size={24} />
                  </span>
                  <p className={styles.anchorsText}>{t('home.anchorsEmpty')}</p>
                  <p className={styles.anchorsHint}>{t('home.anchorsHint')}</p>
                </div>
              )}
            </section>
            <Link href={siteRoutes.worldCup} className={styles.promo} prefetch={false}>
              <TrophyIcon size={28} />
              <span className={styles.promoText}>
                <span className={styles.promoTitle}>{t('home.worldCupTitle')}</span>
                <span className={styles.promoLead}>{t('home.worldCupLead')}</span>
              </span>
            </Link>
          </aside>
        </div>
        <Section
          id="news"
          {...sectionLook}
          title={t('home.newsTitle')}
          action={
            <Link href={siteRoutes.news} className={styles.more} prefetch={false}>
              {t('viewAll')}
            </Link>
          }
        >
          {news.list.length > 0 ? (
            <ul className={styles.newsGrid}>
              {news.list.map((article) => (
                <li key={article.id}>
                  <NewsCard article={article} locale={locale} />
                </li>
              ))}
            </ul>
          ) : (
            <p className={styles.quiet}>{t('home.newsEmpty')}</p>
          )}
        </Section>
      </div>
    </ListLive>
  );
}
