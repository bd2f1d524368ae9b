'use client';
// Who may see an anchor page of the user centre: signed out → the login prompt; with `anchorsOnly`, a
// non-anchor → the way to apply (checkAnchorStatus decides, the stored user info may predate an approval).
import type { ReactNode } from 'react';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { siteRoutes } from '@/lib/routes';
import { useSessionStore } from '@/stores/session-store';
import { useUserStore } from '@/stores/user-store';
import { MicIcon, UserIcon } from '@/components/shell/icons';
import { anchorStatusQuery } from '@/components/user/user-api';
import type { AnchorStatus, UserInfo } from '@/lib/validation/users';
import form from './anchor-form.module.css';
import styles from './anchor-pages.module.css';

function Prompt({ icon, title, text, action }: { icon: ReactNode; title: string; text: string; action: ReactNode }) {
  return (
    <section className={styles.prompt} aria-label={title}>
      <div className={styles.promptIcon}>{icon}</div>
      <h2 className={styles.promptTitle}>{title}</h2>
      <p className={styles.promptText}>{text}</p>
      {action}
    </section>
  );
}

export function Placeholder() {
  return <div className={styles.placeholder} aria-busy="true" />;
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
        icon={<UserIcon size={32} />}
        title={t('signedOutTitle')}
        text={t('signedOutText')}
        action={
          <button type="button" className={form.primary} onClick={openLogin}>
            {t('logIn')}
          </button>
        }
      />
    );
  }
  if (!anchorsOnly) return children(user, undefined);
  if (status.isPending) return <Placeholder />;
  if (status.isError) {
    return (
      <Prompt
        icon={<MicIcon size={32} />}
        title={t('failedTitle')}
        text={status.error.message}
        action={
          <button type="button" className={form.primary} onClick={() => void status.refetch()}>
            {t('retry')}
          </button>
        }
      />
    );
  }
  if (status.data.is_anchor !== 1) {
    return (
      <Prompt
        icon={<MicIcon size={32} />}
        title={t('notAnchorTitle')}
        text={t('notAnchorText')}
        action={
          <Link href={siteRoutes.applyAnchor} className={form.primary}>
            {t('apply')}
          </Link>
        }
      />
    );
  }
  return children(user, status.data);
}
