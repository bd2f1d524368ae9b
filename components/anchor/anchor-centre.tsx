'use client';
// /user-center/center-anchor: the anchor's own overview: on air or not, fans and replays, the way to go live, their
// income and audience by day (charts), and the anchor's other pages (room settings, live management, public page,
// replays).
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { ChevronRightIcon } from '@/components/shell/icons';
import { CalendarIcon, ReplayIcon, SlidersIcon, UserIcon, VideoIcon } from '@/components/shell/icons';
import { LevelBadge } from '@/components/user/level-badge';
import { Avatar } from '@/components/ui/avatar';
import type { UserInfo } from '@/lib/validation/users';
import { profileQuery } from './anchor-api';
import { AnchorGate } from './anchor-gate';
import { AnchorStats } from './anchor-stats';
import { StartLiveButton } from './start-live-button';
import form from './anchor-form.module.css';
import styles from './anchor-pages.module.css';
import { anchorInfoPath, anchorReplaysPath, liveRoomPath, siteRoutes } from '@/lib/routes';

function Overview({ user, isLive, ticketSwitch }: { user: UserInfo; isLive: boolean; ticketSwitch: number }) {
  const t = useTranslations('anchor.centre');
  const profile = useQuery(profileQuery(user.id));
  const links = [
    { href: siteRoutes.liveRoomSettings, icon: SlidersIcon, key: 'roomSettings' },
    { href: siteRoutes.liveManagement, icon: CalendarIcon, key: 'liveManagement' },
    { href: anchorInfoPath(user.id), icon: UserIcon, key: 'anchorPage' },
    { href: anchorReplaysPath(user.id), icon: ReplayIcon, key: 'replays' },
  ] as const;

  return (
    <div className={styles.stack}>
      <section className={`${styles.card} ${styles.hero}`} aria-label={t('summaryLabel')}>
        <Avatar src={user.avatar} name={user.nick_name} size={84} />
        <div className={styles.heroText}>
          <p className={styles.heroName}>
            <span>{user.nick_name}</span>
            <LevelBadge level={user.level} size="large" />
            <span className={styles.pill} data-tone={isLive ? 'live' : 'idle'}>
              {isLive ? t('onAir') : t('offAir')}
            </span>
          </p>
          <dl className={styles.figures}>
            <div>
              <dt>{t('fans')}</dt>
              <dd>{profile.data?.fans ?? '–'}</dd>
            </div>
            <div>
              <dt>{t('replayCount')}</dt>
              <dd>{profile.data?.replays ?? '–'}</dd>
            </div>
            <div>
              <dt>{t('anchorId')}</dt>
              <dd>{user.id}</dd>
            </div>
          </dl>
        </div>
        <div className={styles.heroActions}>
          {isLive ? (
            <Link href={liveRoomPath(user.id)} className={form.primary}>
              <VideoIcon size={18} />
              {t('goToRoom')}
            </Link>
          ) : (
            <StartLiveButton className={form.primary} ticketSwitch={ticketSwitch}>
              <VideoIcon size={18} />
              {t('startLive')}
            </StartLiveButton>
          )}
          <StartLiveButton className={form.secondary} ticketSwitch={ticketSwitch} mode="plan">
            <CalendarIcon size={18} />
            {t('planLive')}
          </StartLiveButton>
        </div>
      </section>

      <AnchorStats />

      <nav className={styles.tiles} aria-label={t('linksLabel')}>
        {links.map(({ href, icon: Icon, key }) => (
          <Link key={key} href={href} className={styles.tile}>
            <span className={styles.tileIcon}>
              <Icon size={22} />
            </span>
            <span className={styles.tileText}>
              <span className={styles.tileTitle}>{t(`links.${key}.title`)}</span>
              <span className={styles.tileHint}>{t(`links.${key}.hint`)}</span>
            </span>
            <ChevronRightIcon size={18} className={styles.tileChevron} />
          </Link>
        ))}
      </nav>

      {profile.data?.profile ? (
        <section className={styles.card} aria-labelledby="anchor-profile-title">
          <h2 id="anchor-profile-title" className={styles.cardTitle}>
            {t('profile')}
          </h2>
          <p className={styles.profileText}>{profile.data.profile}</p>
        </section>
      ) : null}
    </div>
  );
}

export function AnchorCentre({ ticketSwitch }: { ticketSwitch: number }) {
  return <AnchorGate anchorsOnly>{(user, status) => <Overview user={user} isLive={status?.is_live === 1} ticketSwitch={ticketSwitch} />}</AnchorGate>;
}
