'use client';
// The header's user card (spec §2.3): avatar and nickname open a panel with level, ID, VIP progress, balances,
// links to the personal centre, followed anchors and going live, and logout.
import { useCallback, useEffect, useId, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { fallbackLocale, isLocale } from '@/lib/i18n/locales';
import { adminRoutes, liveRoomPath, siteRoutes } from '@/lib/routes';
import { HeartIcon, ShieldIcon, UserIcon, VideoIcon } from '@/components/shell/icons';
import { hoverPanelHideDelayMs } from '@/components/shell/use-hover-panel';
import { ChevronDownIcon, ChevronRightIcon, DiamondIcon, GemIcon, LogoutIcon } from '@/components/shell/icons';
import { LevelBadge } from './level-badge';
import { LogoutLiveConfirm } from './logout-live-confirm';
import { MembershipLine } from './membership-line';
import { Avatar } from '@/components/ui/avatar';
import { anchorStatusQuery } from './user-api';
import type { UserInfo } from '@/lib/validation/users';
import { formatBalance, maskMiddleFour, nextLevel, twoDigitLevel, vipProgressPercent } from './user-numbers';
import { useLogout } from './use-logout';
import styles from './user-card.module.css';
import { useDismiss } from '@/components/shell/use-dismiss';

/** Spec §4: a live anchor's "live" goes to their own room; another anchor starts from the anchor centre; others apply. */
function liveLink(user: UserInfo, isLive: boolean): { href: string; key: 'live' | 'startLive' } {
  if (isLive) return { href: liveRoomPath(user.id), key: 'live' };
  return { href: user.is_anchor === 1 ? siteRoutes.centerAnchor : siteRoutes.applyAnchor, key: 'startLive' };
}

export function UserCardPanel({ user, isLive, onNavigate, onLogout, loggingOut }: {
  user: UserInfo;
  isLive: boolean;
  onNavigate: () => void;
  onLogout: () => void;
  loggingOut: boolean;
}) {
  const t = useTranslations('account.card');
  const uiLocale = useLocale();
  const locale = isLocale(uiLocale) ? uiLocale : fallbackLocale;
  const percent = vipProgressPercent(user.process, user.remainder);
  const next = nextLevel(user.level);
  const live = liveLink(user, isLive);
  return (
    <>
      <div className={styles.profile}>
        <Avatar src={user.avatar} name={user.nick_name} size={52} />
        <div className={styles.identity}>
          <p className={styles.name}>
            <span className={styles.nameText}>{user.nick_name}</span>
            <LevelBadge level={user.level} />
          </p>
          <p className={styles.id}>
            <span>{t('id', { id: user.id })}</span>
            {user.mobile ? <span>{maskMiddleFour(user.mobile)}</span> : null}
          </p>
        </div>
      </div>

      <div className={styles.vip}>
        <div className={styles.vipHead}>
          <span>{t('vipProgress')}</span>
          <span className={styles.vipPercent}>{t('percent', { percent })}</span>
        </div>
        <div className={styles.bar} role="progressbar" aria-label={t('vipProgress')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
          <span className={styles.barFill} style={{ width: `${percent}%` }} />
        </div>
        <div className={styles.vipEnds}>
          <span>{t('vipLevel', { level: twoDigitLevel(user.level) })}</span>
          {next === null ? <span>{t('topLevel')}</span> : <span>{t('vipLevel', { level: twoDigitLevel(next) })}</span>}
        </div>
        <MembershipLine user={user} onNavigate={onNavigate} />
      </div>

      <dl className={styles.balances}>
        <div className={styles.balance}>
          <dt>
            <GemIcon size={16} />
            {t('gems')}
          </dt>
          <dd data-balance="gems">{formatBalance(user.diamond, locale)}</dd>
        </div>
        <div className={styles.balance}>
          <dt>
            <DiamondIcon size={16} />
            {t('diamonds')}
          </dt>
          <dd data-balance="diamonds">{formatBalance(user.gold, locale)}</dd>
        </div>
      </dl>

      <ul className={styles.menu}>
        <li>
          <Link href={siteRoutes.userCenter} className={styles.menuItem} onClick={onNavigate}>
            <UserIcon size={18} />
            <span>{t('personalCentre')}</span>
            <ChevronRightIcon size={16} className={styles.chevron} />
          </Link>
        </li>
        <li>
          <Link href={siteRoutes.focus} className={styles.menuItem} onClick={onNavigate}>
            <HeartIcon size={18} />
            <span>{t('followed')}</span>
            <ChevronRightIcon size={16} className={styles.chevron} />
          </Link>
        </li>
        <li>
          <Link href={live.href} className={styles.menuItem} onClick={onNavigate} data-live={isLive || undefined}>
            <VideoIcon size={18} />
            <span>{t(live.key)}</span>
            <ChevronRightIcon size={16} className={styles.chevron} />
          </Link>
        </li>
        {user.console === 1 && (
          <li>
            <Link href={adminRoutes.dashboard} className={styles.menuItem} onClick={onNavigate}>
              <ShieldIcon size={18} />
              <span>{t('console')}</span>
              <ChevronRightIcon size={16} className={styles.chevron} />
            </Link>
          </li>
        )}
      </ul>

      <button type="button" className={styles.logout} onClick={onLogout} disabled={loggingOut}>
        <LogoutIcon size={18} />
        {loggingOut ? t('loggingOut') : t('logout')}
      </button>
    </>
  );
}

export function UserCard({ user }: { user: UserInfo }) {
  const t = useTranslations('account.card');
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A mouse opens the panel on its way to the button; the click that follows must not close it again.
  const openedByHover = useRef(false);
  const panelId = useId();
  const logout = useLogout();
  const anchor = useQuery({ ...anchorStatusQuery, enabled: open && user.is_anchor === 1 });
  const isLive = anchor.data?.is_live === 1;

  // Closes on a click elsewhere and on Escape; a mouse opens it by hovering, touch and keyboard by the button.
  useDismiss(open, root, useCallback(() => setOpen(false), []));
  useEffect(() => () => clearTimeout(hideTimer.current), []);

  const hover = {
    onPointerEnter: (event: ReactPointerEvent) => {
      if (event.pointerType !== 'mouse') return;
      clearTimeout(hideTimer.current);
      if (!open) openedByHover.current = true;
      setOpen(true);
    },
    onPointerLeave: (event: ReactPointerEvent) => {
      if (event.pointerType !== 'mouse') return;
      clearTimeout(hideTimer.current);
      hideTimer.current = setTimeout(() => {
        openedByHover.current = false;
        setOpen(false);
      }, hoverPanelHideDelayMs);
    },
  };

  return (
    <div ref={root} className={styles.root} {...hover}>
      <button
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t('menu', { name: user.nick_name })}
        onClick={() => {
          if (openedByHover.current) openedByHover.current = false;
          else setOpen((value) => !value);
        }}
      >
        <Avatar src={user.avatar} name={user.nick_name} size={30} />
        <span className={styles.triggerName} aria-hidden="true">
          {user.nick_name}
        </span>
        <ChevronDownIcon size={16} className={styles.triggerChevron} />
      </button>
      <div id={panelId} className={styles.panel} hidden={!open}>
        {open ? (
          <UserCardPanel user={user} isLive={isLive} onNavigate={() => setOpen(false)} onLogout={() => void logout.request()} loggingOut={logout.busy} />
        ) : null}
      </div>
      {logout.confirming ? <LogoutLiveConfirm onCancel={logout.cancel} onConfirm={() => void logout.confirm()} /> : null}
    </div>
  );
}
