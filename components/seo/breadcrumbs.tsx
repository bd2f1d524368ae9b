import 'server-only';
// The breadcrumb trail: visible navigation and its BreadcrumbList structured data from one list.
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import type { Brand } from '@/lib/brand/registry';
import type { Locale } from '@/lib/i18n/locales';
import { siteRoutes } from '@/lib/routes';
import { breadcrumbJsonLd, type Crumb } from '@/lib/seo/json-ld';
import { JsonLdScript } from './json-ld';
import styles from './breadcrumbs.module.css';

export function Breadcrumbs({ brand, locale, crumbs, label }: { brand: Brand; locale: Locale; crumbs: Crumb[]; label: string }) {
  return (
    <>
      <nav aria-label={label} className={styles.trail}>
        <ol className={styles.list}>
          {crumbs.map((crumb, index) => (
            <li key={crumb.path} className={styles.item}>
              {index < crumbs.length - 1 ? (
                <Link href={crumb.path} className={styles.link} prefetch={false}>
                  {crumb.name}
                </Link>
              ) : (
                <span aria-current="page" className={styles.current}>
                  {crumb.name}
                </span>
              )}
            </li>
          ))}
        </ol>
      </nav>
      <JsonLdScript data={breadcrumbJsonLd(brand, locale, crumbs)} />
    </>
  );
}

/** The header's sections a page can sit under. */
type Section = 'news' | 'schedule' | 'worldCup' | 'activity';

/** The trail of a page in one of the header's sections: home, the section, then the deeper crumbs given (`then`). */
export async function SectionBreadcrumbs({ brand, locale, label, section, then = [] }: { brand: Brand; locale: Locale; label: string; section: Section; then?: Crumb[] }) {
  const tabs = await getTranslations({ locale, namespace: 'site.header.tabs' });
  const crumbs = [{ name: tabs('home'), path: siteRoutes.home }, { name: tabs(section), path: siteRoutes[section] }, ...then];
  return <Breadcrumbs brand={brand} locale={locale} crumbs={crumbs} label={label} />;
}
