import 'server-only';
// The body of a route's not-found file: what was asked for does not exist (status 404). Not-found files
// get no params; the locale comes from the root segment (next/root-params), which keeps the page cacheable.
import { locale as rootLocale } from 'next/root-params';
import { getTranslations } from 'next-intl/server';
import { EmptyState, type EmptyStateProps } from '@/components/ui/empty-state';
import { fallbackLocale, isLocale } from '@/lib/i18n/locales';
import styles from './missing-view.module.css';

type Missing = { title: string; hint: string; back: { href: string; label: string } };

export async function NotFoundView({ icon, texts }: { icon: EmptyStateProps['icon']; texts: (t: Awaited<ReturnType<typeof getTranslations>>) => Missing }) {
  const requested: unknown = await rootLocale();
  const t = await getTranslations({ locale: isLocale(requested) ? requested : fallbackLocale });
  const { title, hint, back } = texts(t);
  return (
    <div className={styles.page}>
      <EmptyState icon={icon} title={title} description={hint} action={back} />
    </div>
  );
}
