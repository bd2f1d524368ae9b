// This route renders live islands (follow buttons, replay list, player, chat): they need the live message namespaces.
import type { ReactNode } from 'react';
import { LiveIslandMessages } from '@/components/shell/live-island-messages';
import type { LocaleParams } from '@/components/shell/page-context';

export default function LiveIslandsLayout({ children, params }: { children: ReactNode; params: Promise<LocaleParams> }) {
  return <LiveIslandMessages params={params}>{children}</LiveIslandMessages>;
}
