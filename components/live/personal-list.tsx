'use client';
// What every personal list (/user-center/focus, watchHistory, voucher) shows around its rows: nothing until the
// stored session is read, the login offer to a visitor, a skeleton while loading, the failure, or the rows.
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { errorText } from '@/lib/http/error-text';
import emptyStyles from '@/components/shell/empty-state.module.css';
import type { EmptyStateProps } from '@/components/shell/empty-state';
import { useSessionStore } from '@/stores/session-store';
import { useUserStore } from '@/stores/user-store';
import styles from './live.module.css';

/** The signed-in viewer's id; null for a visitor; undefined until the stored session was read. */
export function useViewerId(): number | null | undefined {
  const restored = useUserStore((state) => state.restored);
  const id = useUserStore((state) => state.userInfo?.id ?? null);
  return restored ? id : undefined;
}

export function SignedOutNotice({ icon: Icon, title, text }: { icon: EmptyStateProps['icon']; title: string; text: string }) {
  const t = useTranslations('player.personal');
  const openLogin = useSessionStore((state) => state.openLogin);
  return (
    <section className={emptyStyles.empty} aria-labelledby="signed-out-title">
      <div className={emptyStyles.badge}>
        <Icon size={32} />
      </div>
      <h2 id="signed-out-title" className={emptyStyles.title}>
        {title}
      </h2>
      <p className={emptyStyles.description}>{text}</p>
      <button type="button" className={`${emptyStyles.action} ${styles.actionButton}`} onClick={openLogin}>
        {t('logIn')}
      </button>
    </section>
  );
}

/** Rows once the query has them; a skeleton before, the server's reason after a failure. */
export function QueryRows<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  const t = useTranslations('player.personal');
  if (query.isPending) {
    return (
      <div className={styles.skeleton} aria-busy="true" aria-label={t('loading')}>
        <span />
        <span />
        <span />
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
