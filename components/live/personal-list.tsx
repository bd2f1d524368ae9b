'use client';
// What every personal list (/user-center/focus, watchHistory, voucher) shows around its rows: nothing until the
// stored session is read, the login offer to a visitor, a skeleton while loading, the failure, or the rows.
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { errorText } from '@/lib/http/error-text';
import { EmptyState, emptyStateActionClass, type EmptyStateIcon } from '@/components/ui/empty-state';
import { useSessionStore } from '@/stores/session-store';
import { useUserStore } from '@/stores/user-store';
import { Skeleton } from '@/components/ui/skeleton';
import styles from './live.module.css';

/** The signed-in viewer's id; null for a visitor; undefined until the stored session was read. */
export function useViewerId(): number | null | undefined {
  const restored = useUserStore((state) => state.restored);
  const id = useUserStore((state) => state.userInfo?.id ?? null);
  return restored ? id : undefined;
}

export function SignedOutNotice({ icon, title, text }: { icon: EmptyStateIcon; title: string; text: string }) {
  const t = useTranslations('player.personal');
  const openLogin = useSessionStore((state) => state.openLogin);
  const action = (
    <button type="button" className={emptyStateActionClass} onClick={openLogin}>
      {t('logIn')}
    </button>
  );
  return <EmptyState icon={icon} title={title} description={text} titleId="signed-out-title" action={action} />;
}

/** Rows once the query has them; a skeleton before, the server's reason after a failure. */
export function QueryRows<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const t = useTranslations('player.personal');
  if (query.isPending) {
    return (
      <div className={styles.skeleton} aria-busy="true" aria-label={t('loading')}>
        <Skeleton className={styles.skeletonRow} />
        <Skeleton className={styles.skeletonRow} />
        <Skeleton className={styles.skeletonRow} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <p className={styles.failure} role="alert">
        {errorText(query.error, t('failed'))}
        <button type="button" className={styles.retry} onClick={() => void query.refetch()}>
          {t('retry')}
        </button>
      </p>
    );
  }
  return <>{children(query.data)}</>;
}
