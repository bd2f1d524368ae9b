// Which header entries show, in spec order (§2.3), given the brand's app config and the build variant.
import type { AppConfigValues } from '@/lib/validation/config';
import type { buildVariant as BuildVariantValue } from '@/lib/build-info';

export type BuildVariant = typeof BuildVariantValue;

export type HeaderConfig = Pick<
  AppConfigValues,
  | 'worldcup_thematic_toggle'
  | 'private_message_toggle'
  | 'live_preview_switch'
  | 'talent_list_status'
  | 'lottery_switch'
  | 'ticket_switch'
  | 'checkin_switch'
  | 'h5_domain'
>;

export type TabKey =
  | 'home' | 'live' | 'schedule' | 'news' | 'activity' | 'mall' | 'notice' | 'replay' | 'worldCup' | 'privateChat' | 'preview';
export type LinkKey = 'ranking' | 'game' | 'voucher';

export type HeaderTab = {
  key: TabKey;
  href: string;
  /** Paths (besides href's own) under which this tab counts as the current one. */
  alsoActiveOn?: readonly string[];
};
export type HeaderLink = { key: LinkKey; href: string; newWindow?: boolean };

const allTabs: readonly (HeaderTab & { shown?: (config: HeaderConfig, variant: BuildVariant) => boolean })[] = [
  { key: 'home', href: '/home' },
  { key: 'live', href: '/liveMatches', alsoActiveOn: ['/liveMatchesTwo'] },
  { key: 'schedule', href: '/schedule', alsoActiveOn: ['/scheduleDetail'] },
  { key: 'news', href: '/news', alsoActiveOn: ['/news_detail'] },
  { key: 'activity', href: '/activity', alsoActiveOn: ['/activity_details'] },
  { key: 'mall', href: '/mall' },
  { key: 'notice', href: '/notice' },
  { key: 'replay', href: '/liveMatchesReplay?replay=1', alsoActiveOn: ['/anchorReplay'] },
  { key: 'worldCup', href: '/worldCup', shown: (config) => config.worldcup_thematic_toggle === 1 },
  {
    key: 'privateChat',
    href: '/user-center/privateChat',
    // The SEM build hides private chat unless the brand turns it on; other builds always show it.
    shown: (config, variant) => variant !== 'sem' || config.private_message_toggle === 1,
  },
  { key: 'preview', href: '/schedule-preview', shown: (config) => config.live_preview_switch === 1 },
];

export function headerTabs(config: HeaderConfig, variant: BuildVariant): HeaderTab[] {
  return allTabs.filter((tab) => !tab.shown || tab.shown(config, variant)).map(({ key, href, alsoActiveOn }) => ({ key, href, alsoActiveOn }));
}

export function headerLinks(config: HeaderConfig): HeaderLink[] {
  const links: HeaderLink[] = [];
  if (config.talent_list_status === 1) links.push({ key: 'ranking', href: '/ranking' });
  if (config.lottery_switch === 1) links.push({ key: 'game', href: '/game', newWindow: true });
  if (config.ticket_switch === 1) links.push({ key: 'voucher', href: '/user-center/voucher' });
  return links;
}

/**
 * Whether a header entry is the current page. `rootShowsLive`: on that brand "/" is the live page (spec §2.1).
 * Query strings are ignored: /liveMatchesReplay is the replay tab with or without ?replay=1.
 */
export function isActivePath(pathname: string, item: { href: string; alsoActiveOn?: readonly string[] }, rootShowsLive: boolean): boolean {
  const path = pathname === '/' && rootShowsLive ? '/liveMatches' : pathname;
  const under = (base: string) => path === base || path.startsWith(`${base}/`);
  return [item.href.split('?')[0], ...(item.alsoActiveOn ?? [])].some(under);
}
