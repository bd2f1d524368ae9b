import 'server-only';
// Message namespaces for the routes whose islands need more than the site-wide ones: the live islands (chat, player,
// the room's ranking), the wallet pages, the mall, the talent list, the check-in, private chat, booked matches, lottery and games pages. The root layout gives every page only the
// site-wide namespaces, so home, schedule, match and article pages do not carry these in their HTML.
import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import {
  adminClientNamespaces, bookingsClientNamespaces, checkinClientNamespaces, gamesClientNamespaces, inboxClientNamespaces, liveClientNamespaces, lotteryClientNamespaces, mallClientNamespaces,
  quizClientNamespaces, siteClientNamespaces, walletClientNamespaces, type Messages,
} from '@/messages/load';
import { resolvePageContext, type LocaleParams } from './page-context';

type IslandProps = { children: ReactNode; params: Promise<LocaleParams> };

/** A nested provider replaces the root one's messages, so it carries the site-wide namespaces too. */
export async function IslandMessages({ children, params, namespaces }: IslandProps & { namespaces: readonly (keyof Messages)[] }) {
  const { locale } = await resolvePageContext(params);
  const messages = await getMessages({ locale });
  const picked = Object.fromEntries([...siteClientNamespaces, ...namespaces].map((namespace) => [namespace, messages[namespace]]));
  return (
    <NextIntlClientProvider locale={locale} messages={picked}>
      {children}
    </NextIntlClientProvider>
  );
}

export function LiveIslandMessages(props: IslandProps) {
  return <IslandMessages {...props} namespaces={liveClientNamespaces} />;
}

export function WalletIslandMessages(props: IslandProps) {
  return <IslandMessages {...props} namespaces={walletClientNamespaces} />;
}

export function MallIslandMessages(props: IslandProps) {
  return <IslandMessages {...props} namespaces={mallClientNamespaces} />;
}

export function QuizIslandMessages(props: IslandProps) {
  return <IslandMessages {...props} namespaces={quizClientNamespaces} />;
}

export function InboxIslandMessages(props: IslandProps) {
  return <IslandMessages {...props} namespaces={inboxClientNamespaces} />;
}

export function CheckinIslandMessages(props: IslandProps) {
  return <IslandMessages {...props} namespaces={checkinClientNamespaces} />;
}

export function BookingsIslandMessages(props: IslandProps) {
  return <IslandMessages {...props} namespaces={bookingsClientNamespaces} />;
}

export function LotteryIslandMessages(props: IslandProps) {
  return <IslandMessages {...props} namespaces={lotteryClientNamespaces} />;
}

export function GamesIslandMessages(props: IslandProps) {
  return <IslandMessages {...props} namespaces={gamesClientNamespaces} />;
}

export function AdminIslandMessages(props: IslandProps) {
  return <IslandMessages {...props} namespaces={adminClientNamespaces} />;
}
