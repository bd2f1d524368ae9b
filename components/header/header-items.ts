// Which header entries show, in spec order (§2.3), given the brand's app config and the build variant.
import type { AppConfigValues } from '@/lib/validation/config';
import { dynamicRouteBases, replayTabPath, siteRoutes } from '@/lib/routes';
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
  | 'dialog_daily_times'
  | 'h5_domain'
>;

type TabKey =
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
  { key: 'home', href: siteRoutes.home },
  { key: 'live', href: siteRoutes.liveMatches, alsoActiveOn: [dynamicRouteBases.liveMatchesTwo] },
  { key: 'schedule', href: siteRoutes.schedule, alsoActiveOn: [dynamicRouteBases.scheduleDetail] },
  { key: 'news', href: siteRoutes.news, alsoActiveOn: [dynamicRouteBases.newsDetail] },
  { key: 'activity', href: siteRoutes.activity, alsoActiveOn: [dynamicRouteBases.activityDetails] },
  { key: 'mall', href: siteRoutes.mall },
  { key: 'notice', href: siteRoutes.notice },
  { key: 'replay', href: replayTabPath, alsoActiveOn: [dynamicRouteBases.anchorReplay] },
  { key: 'worldCup', href: siteRoutes.worldCup, shown: (config) => config.worldcup_thematic_toggle === 1 },
  {
    key: 'privateChat',
    href: siteRoutes.privateChat,
    // The SEM build hides private chat unless the brand turns it on; other builds always show it.
    shown: (config, variant) => variant !== 'sem' || config.private_message_toggle === 1,
  },
  { key: 'preview', href: siteRoutes.schedulePreview, shown: (config) => config.live_preview_switch === 1 },
];

export function headerTabs(config: HeaderConfig, variant: BuildVariant): HeaderTab[] {
  return allTabs.filter((tab) => !tab.shown || tab.shown(config, variant)).map(({ key, href, alsoActiveOn }) => ({ key, href, alsoActiveOn }));
}

export function headerLinks(config: HeaderConfig): HeaderLink[] {
  const links: HeaderLink[] = [];
  if (config.talent_list_status === 1) links.push({ key: 'ranking', href: siteRoutes.ranking });
  if (config.lottery_switch === 1) links.push({ key: 'game', href: siteRoutes.game, newWindow: true });
  if (config.ticket_switch === 1) links.push({ key: 'voucher', href: siteRoutes.voucher });
  return links;
}

/**
 * Whether a header entry is the current page. `rootShowsLive`: on that brand "/" is the live page (spec §2.1).
 * Query strings are ignored: /liveMatchesReplay is the replay tab with or without ?replay=1.
 */
export function isActivePath(pathname: string, item: { href: string; alsoActiveOn?: readonly string[] }, rootShowsLive: boolean): boolean {
  const path = pathname === siteRoutes.root && rootShowsLive ? siteRoutes.liveMatches : pathname;
  const under = (base: string) => path === base || path.startsWith(`${base}/`);
  return [item.href.split('?')[0], ...(item.alsoActiveOn ?? [])].some(under);
}
