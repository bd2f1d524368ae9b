import 'server-only';
// The breadcrumb trail: visible navigation and its BreadcrumbList structured data from one list.
import Link from 'next/link';
import type { Brand } from '@/lib/brand/registry';
import type { Locale } from '@/lib/i18n/locales';
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
