import 'server-only';
// The site's 404 page (an address no route knows): says so in the brand's language, with the ways on (home, live,
// schedule, news). Not-found files get no params; the locale comes from the root segment (next/root-params).
import Link from 'next/link';
import { locale as rootLocale } from 'next/root-params';
import { getTranslations } from 'next-intl/server';
import { CalendarIcon, HomeIcon, LiveIcon, NewsIcon } from '@/components/shell/icons';
import { fallbackLocale, isLocale } from '@/lib/i18n/locales';
import { siteRoutes } from '@/lib/routes';
import styles from './site-not-found.module.css';

const ways = [
  { key: 'home', href: siteRoutes.home, icon: HomeIcon },
  { key: 'live', href: siteRoutes.liveMatches, icon: LiveIcon },
  { key: 'schedule', href: siteRoutes.schedule, icon: CalendarIcon },
  { key: 'news', href: siteRoutes.news, icon: NewsIcon },
] as const;

export async function SiteNotFound() {
  const requested: unknown = await rootLocale();
  const locale = isLocale(requested) ? requested : fallbackLocale;
  const t = await getTranslations({ locale, namespace: 'site' });
  return (
    <div className={styles.page}>
      <section className={styles.panel} aria-labelledby="not-found-title">
        <p className={styles.code} aria-hidden="true">
          404
        </p>
        <h1 id="not-found-title" className={styles.title}>
          {t('notFound.title')}
        </h1>
        <p className={styles.hint}>{t('notFound.hint')}</p>
        <nav aria-label={t('notFound.linksLabel')}>
          <ul className={styles.ways}>
            {ways.map(({ key, href, icon: Icon }) => (
              <li key={key}>
                <Link href={href} className={styles.way}>
                  <Icon size={20} />
                  {t(`header.tabs.${key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </section>
    </div>
  );
}
