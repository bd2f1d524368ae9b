// The global header (spec §2.3): brand, search, actions, language, login or the user card, and the tab row.
// Rendered on the server; only the interactive bits are client islands, and no link prefetches on load
// (this header is on every page; NavLink prefetches on hover).
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { buildVariant } from '@/lib/build-info';
import { StartLiveButton } from '@/components/anchor/start-live-button';
import { CheckinButton } from '@/components/checkin/checkin-button';
import { SpoilerSwitch } from '@/components/spoilers/spoiler-switch';
import { UserArea } from '@/components/user/user-area';
import type { Locale } from '@/lib/i18n/locales';
import {
  CalendarCheckIcon, ExternalIcon, GamepadIcon, HeartIcon, PhoneDownloadIcon, PodiumIcon, TicketIcon, UserIcon, VideoIcon,
} from '@/components/shell/icons';
import { ActionsMenu } from './actions-menu';
import { DownloadButton } from './download-button';
import { headerLinks, headerTabs, type BuildVariant, type HeaderConfig, type LinkKey } from './header-items';
import { LanguageSwitch } from './language-switch';
import { LoginPromptButton } from './login-prompt-button';
import { NavLink } from './nav-link';
import { SearchBox } from './search-box';
import { UnreadBadge } from './unread-badge';
import styles from './header.module.css';
import { siteRoutes } from '@/lib/routes';

export type HeaderProps = {
  brandName: string;
  logo: string;
  rootShowsLive: boolean;
  locale: Locale;
  config: HeaderConfig;
  /** The page is the visitor's spoiler-free variant (lib/spoilers.ts): the switch shows it pressed. */
  spoilerFree?: boolean;
  variant?: BuildVariant;
};

const linkIcons: Record<LinkKey, typeof PodiumIcon> = { ranking: PodiumIcon, game: GamepadIcon, voucher: TicketIcon };

export function Header({ brandName, logo, rootShowsLive, locale, config, spoilerFree = false, variant = buildVariant }: HeaderProps) {
  const t = useTranslations('site.header');
  const tabs = headerTabs(config, variant);
  const links = headerLinks(config);

  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <div className={styles.barInner}>
          <Link href={siteRoutes.root} className={styles.brand} prefetch={false}>
            {/* The name beside it says what the logo says. */}
            <img src={logo} alt="" width={34} height={34} className={styles.logo} />
            <span className={styles.brandName}>{brandName}</span>
          </Link>
          <SearchBox />
          <ActionsMenu>
            {config.checkin_switch === 1 ? (
              <CheckinButton className={styles.action} dailyTimes={config.dialog_daily_times}>
                <CalendarCheckIcon />
                <span>{t('actions.checkin')}</span>
              </CheckinButton>
            ) : null}
            <DownloadButton h5Domain={config.h5_domain}>
              <PhoneDownloadIcon />
              <span>{t('actions.download')}</span>
            </DownloadButton>
            <Link href={siteRoutes.focus} className={styles.action} prefetch={false}>
              <HeartIcon />
              <span>{t('actions.follow')}</span>
            </Link>
            <StartLiveButton className={`${styles.action} ${styles.goLive}`} ticketSwitch={config.ticket_switch}>
              <VideoIcon />
              <span>{t('actions.startLive')}</span>
            </StartLiveButton>
          </ActionsMenu>
          <SpoilerSwitch on={spoilerFree} />
          <LanguageSwitch locale={locale} />
          <UserArea>
            <LoginPromptButton className={styles.login}>
              <UserIcon size={18} />
              <span>{t('actions.login')}</span>
            </LoginPromptButton>
          </UserArea>
        </div>
      </div>
      <nav className={styles.nav} aria-label={t('navLabel')}>
        <div className={styles.navInner}>
          <ul className={styles.tabs}>
            {tabs.map((tab) => (
              <li key={tab.key}>
                <NavLink href={tab.href} alsoActiveOn={tab.alsoActiveOn} rootShowsLive={rootShowsLive} className={styles.tab}>
                  {t(`tabs.${tab.key}`)}
                  {tab.key === 'privateChat' ? <UnreadBadge /> : null}
                </NavLink>
              </li>
            ))}
          </ul>
          {links.length > 0 ? (
            <ul className={styles.links}>
              {links.map((link) => {
                const Icon = linkIcons[link.key];
                return (
                  <li key={link.key}>
                    <NavLink href={link.href} rootShowsLive={rootShowsLive} className={styles.link} newWindow={link.newWindow}>
                      <Icon size={17} />
                      {t(`links.${link.key}`)}
                      {link.newWindow ? (
                        <>
                          <ExternalIcon size={13} className={styles.externalMark} />
                          <span className="visually-hidden">{t('opensInNewWindow')}</span>
                        </>
                      ) : null}
                    </NavLink>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </div>
      </nav>
    </header>
  );
}
