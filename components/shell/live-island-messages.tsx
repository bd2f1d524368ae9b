import 'server-only';
// The live islands' message namespaces (chat, player) for the routes that render those islands: the root layout gives
// every page only the site-wide ones, so home, schedule, match and article pages do not carry them in their HTML.
import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import { liveClientNamespaces, siteClientNamespaces, type Messages } from '@/messages/load';
import { resolvePageContext, type LocaleParams } from './page-context';

/**
 * A nested provider replaces the root one's messages, so it carries the site-wide namespaces too; `namespaces`
 * are the islands' own (the live ones unless told otherwise, the mall's on /mall).
 */
export async function LiveIslandMessages({
  children,
  params,
  namespaces = liveClientNamespaces,
}: {
  children: ReactNode;
  params: Promise<LocaleParams>;
  namespaces?: readonly (keyof Messages)[];
}) {
  const { locale } = await resolvePageContext(params);
  const messages = await getMessages({ locale });
  const picked = Object.fromEntries([...siteClientNamespaces, ...namespaces].map((namespace) => [namespace, messages[namespace]]));
  return (
    <NextIntlClientProvider locale={locale} messages={picked}>
      {children}
    </NextIntlClientProvider>
  );
}
