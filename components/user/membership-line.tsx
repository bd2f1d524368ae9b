'use client';
// The viewer's VIP membership (spec §6 VIP 1–3) in the user card and the user centre: the level and the day it
// ends, or a way to the mall to join.
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { siteRoutes } from '@/lib/routes';
import type { UserInfo } from '@/lib/validation/users';
import { useDateFormat } from '@/components/shell/local-time';
import styles from './user-card.module.css';

export function MembershipLine({ user, onNavigate }: { user: Pick<UserInfo, 'vip_level' | 'vip_expires_at'>; onNavigate?: () => void }) {
  const t = useTranslations('account.card');
  const { date } = useDateFormat();
  if (user.vip_level > 0 && user.vip_expires_at > 0) {
    return (
      <span className={styles.membership} data-vip={user.vip_level}>
        {t('membership', { level: user.vip_level, date: date(new Date(user.vip_expires_at * 1000)) })}
      </span>
    );
  }
  return (
    <span className={styles.membership} data-vip={0}>
      {t('membershipNone')} ·{' '}
      <Link href={siteRoutes.mall} onClick={onNavigate} className={styles.membershipLink}>
        {t('membershipJoin')}
      </Link>
    </span>
  );
}
