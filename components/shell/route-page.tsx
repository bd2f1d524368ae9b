import 'server-only';
// The pages of spec §2.2 whose content comes later: each renders its title and an honest empty state.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/locales';
import { EmptyState, type EmptyStateProps } from '@/components/ui/empty-state';
import {
  AlertIcon, AwardIcon, BagIcon, CalendarCheckIcon, CalendarIcon, ChatIcon, ClockIcon, CoinsIcon, DiceIcon, DocumentIcon,
  FeedbackIcon, GamepadIcon, GiftIcon, HeartIcon, HelpIcon, HistoryIcon, HomeIcon, LiveIcon, MegaphoneIcon, MicIcon,
  NewsIcon, PhoneDownloadIcon, ReplayIcon, SearchIcon, ShieldIcon, ShirtIcon, SlidersIcon, TicketIcon,
  TrophyIcon, UserIcon, VideoIcon, WalletIcon,
} from './icons';
import { resolvePageContext, type LocaleParams } from './page-context';
import styles from './route-page.module.css';
import { siteRoutes } from '@/lib/routes';

/** Route name (its key in messages/…/pages.json) → the icon of its empty state. */
const routeIcons = {
  urgent: AlertIcon,
  home: HomeIcon,
  liveMatches: LiveIcon,
  liveMatchesReplay: ReplayIcon,
  news: NewsIcon,
  newsDetail: NewsIcon,
  notice: MegaphoneIcon,
  protocol: DocumentIcon,
  privacy: ShieldIcon,
  activity: GiftIcon,
  activityDetails: GiftIcon,
  game: GamepadIcon,
  monopoly: DiceIcon,
  sieve: DiceIcon,
  gameDetail: GamepadIcon,
  schedule: CalendarIcon,
  schedulePreview: ClockIcon,
  scheduleDetail: CalendarIcon,
  worldCup: TrophyIcon,
  download: PhoneDownloadIcon,
  about: DocumentIcon,
  feedback: FeedbackIcon,
  keysearch: SearchIcon,
  liveMatchesTwo: VideoIcon,
  help: HelpIcon,
  guessList: TrophyIcon,
  certificate1: AwardIcon,
  certificate2: AwardIcon,
  lottery: GiftIcon,
  mall: BagIcon,
  anchorInfo: UserIcon,
  teamInfo: ShirtIcon,
  anchorReplay: ReplayIcon,
  userCenter: UserIcon,
  applyAnchor: MicIcon,
  myWallet: WalletIcon,
  centerAnchor: MicIcon,
  liveRoomSettings: SlidersIcon,
  guessingManagement: TrophyIcon,
  focus: HeartIcon,
  mySchedule: CalendarCheckIcon,
  watchHistory: HistoryIcon,
  betHistory: HistoryIcon,
  voucher: TicketIcon,
  rechargeHistory: CoinsIcon,
  recharge: CoinsIcon,
  checkin: CalendarCheckIcon,
  privateChat: ChatIcon,
  liveManagement: VideoIcon,
} satisfies Record<string, EmptyStateProps['icon']>;

export type RouteName = keyof typeof routeIcons;

async function buildRouteMetadata(name: RouteName, params: Promise<LocaleParams>): Promise<Metadata> {
  const { locale, brandName } = await resolvePageContext(params);
  const t = await getTranslations({ locale, namespace: 'pages' });
  return { title: { absolute: `${t(`${name}.title`)} · ${brandName}` } };
}

/** `export const generateMetadata = routeMetadata('news')`: the title "<Page> · <Brand>". */
export function routeMetadata(name: RouteName) {
  return ({ params }: { params: Promise<LocaleParams> }) => buildRouteMetadata(name, params);
}

type RoutePageProps = {
  name: RouteName;
  locale: Locale;
  /** Replaces the route's empty-state title, e.g. one that names the searched keyword. */
  emptyTitle?: string;
  /** Pages without the site chrome (privacy, protocol) offer no way into the site. */
  standalone?: boolean;
};

export async function RoutePage({ name, locale, emptyTitle, standalone = false }: RoutePageProps) {
  const t = await getTranslations({ locale, namespace: 'pages' });
  // Home's way on is the schedule; every other page leads back home.
  const action = standalone
    ? undefined
    : name === 'home'
      ? { href: siteRoutes.schedule, label: t('seeSchedule') }
      : { href: siteRoutes.home, label: t('backHome') };
  return (
    <div className={styles.page}>
      <header className={styles.heading}>
        <h1 className={styles.title}>{t(`${name}.title`)}</h1>
      </header>
      <EmptyState icon={routeIcons[name]} title={emptyTitle ?? t(`${name}.empty`)} description={t(`${name}.hint`)} action={action} />
    </div>
  );
}
