'use client';
// Who may see an anchor page of the user centre: signed out → the login prompt; with `anchorsOnly`, a
// non-anchor → the way to apply (checkAnchorStatus decides, the stored user info may predate an approval).
import { useId, type ReactNode } from 'react';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { siteRoutes } from '@/lib/routes';
import { useSessionStore } from '@/stores/session-store';
import { useUserStore } from '@/stores/user-store';
import { MicIcon, UserIcon } from '@/components/shell/icons';
import { anchorStatusQuery } from '@/components/user/user-api';
import type { AnchorStatus, UserInfo } from '@/lib/validation/users';
import { Button, buttonClass } from '@/components/ui/button';
import { EmptyState, type EmptyStateIcon } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import styles from './anchor-pages.module.css';

function Prompt({ icon, title, text, action }: { icon: EmptyStateIcon; title: string; text: string; action: ReactNode }) {
  const titleId = useId();
  return <EmptyState variant="prompt" className={styles.prompt} icon={icon} title={title} description={text} titleId={titleId} action={action} />;
}

export function Placeholder() {
  return <Skeleton framed className={styles.placeholder} aria-busy="true" />;
}

type AnchorGateProps = {
  anchorsOnly?: boolean;
  children: (user: UserInfo, status: AnchorStatus | undefined) => ReactNode;
};

export function AnchorGate({ anchorsOnly = false, children }: AnchorGateProps) {
  const t = useTranslations('anchor.gate');
  const user = useUserStore((state) => state.userInfo);
  const restored = useUserStore((state) => state.restored);
  const openLogin = useSessionStore((state) => state.openLogin);
  const status = useQuery({ ...anchorStatusQuery, enabled: anchorsOnly && user !== null });

  if (!restored) return <Placeholder />;
  if (!user) {
    return (
      <Prompt
        icon={UserIcon}
        title={t('signedOutTitle')}
        text={t('signedOutText')}
        action={
          <Button onClick={openLogin}>{t('logIn')}</Button>
        }
      />
    );
  }
  if (!anchorsOnly) return children(user, undefined);
  if (status.isPending) return <Placeholder />;
  if (status.isError) {
    return (
      <Prompt
        icon={MicIcon}
        title={t('failedTitle')}
        text={status.error.message}
        action={
          <Button onClick={() => void status.refetch()}>{t('retry')}</Button>
        }
      />
    );
  }
  if (status.data.is_anchor !== 1) {
    return (
      <Prompt
        icon={MicIcon}
        title={t('notAnchorTitle')}
        text={t('notAnchorText')}
        action={
          <Link href={siteRoutes.applyAnchor} className={buttonClass()}>
            {t('apply')}
          </Link>
        }
      />
    );
  }
  return children(user, status.data);
}
