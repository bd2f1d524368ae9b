import 'server-only';
// The islands' message namespaces for the routes that render those islands: the root layout gives every page only
// the site-wide ones, so home, schedule, match and article pages do not carry the live ones (chat, player, the
// room's ranking) in their HTML.
import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import { liveClientNamespaces, siteClientNamespaces, type Messages } from '@/messages/load';
import { resolvePageContext, type LocaleParams } from './page-context';

type IslandMessagesProps = { children: ReactNode; params: Promise<LocaleParams>; namespaces: readonly (keyof Messages)[] };

/** A nested provider replaces the root one's messages, so it carries the site-wide namespaces too. */
export async function IslandMessages({ children, params, namespaces }: IslandMessagesProps) {
  const { locale } = await resolvePageContext(params);
  const messages = await getMessages({ locale });
  const picked = Object.fromEntries([...siteClientNamespaces, ...namespaces].map((namespace) => [namespace, messages[namespace]]));
  return (
    <NextIntlClientProvider locale={locale} messages={picked}>
      {children}
    </NextIntlClientProvider>
  );
}

export function LiveIslandMessages({ children, params }: { children: ReactNode; params: Promise<LocaleParams> }) {
  return (
    <IslandMessages params={params} namespaces={liveClientNamespaces}>
      {children}
    </IslandMessages>
  );
}
