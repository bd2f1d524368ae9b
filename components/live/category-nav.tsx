// Navigation by live category (spec §2.4 item 10, default "all live"): the sports in one row, the chosen sport's
// secondary categories in a second. Plain links, so every filter has its own address.
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { LiveCategory } from '@/lib/validation/live';
import { listHref, type ListQuery } from './list-query';
import styles from './live.module.css';

export function CategoryNav({ path, categories, query, allLabel }: { path: string; categories: LiveCategory[]; query: ListQuery; allLabel: string }) {
  const t = useTranslations('player.lists');
  const chosen = categories.find((category) => category.id === query.category);
  const chip = (href: string, label: string, active: boolean, key: string | number) => (
    <li key={key}>
      <Link href={href} className={styles.chip} aria-current={active ? 'page' : undefined} prefetch={false}>
        {label}
      </Link>
    </li>
  );
  return (
    <nav className={styles.categoryNav} aria-label={t('categoriesLabel')}>
      <ul className={styles.chips}>
        {chip(path, allLabel, query.category === 0, 'all')}
        {categories.map((category) => chip(listHref(path, { category: category.id }), category.name, query.category === category.id, category.id))}
      </ul>
      {chosen && chosen.second_category.length > 0 ? (
        <ul className={`${styles.chips} ${styles.subChips}`} aria-label={t('subcategoriesLabel', { name: chosen.name })}>
          {chip(listHref(path, { category: chosen.id }), t('allOf', { name: chosen.name }), query.child === 0, 'all')}
          {chosen.second_category.map((child) => chip(listHref(path, { category: chosen.id, child: child.id }), child.name, query.child === child.id, child.id))}
        </ul>
      ) : null}
    </nav>
  );
}
