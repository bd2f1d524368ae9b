// This route renders the inbox island: it needs the inbox message namespace.
import type { ReactNode } from 'react';
import { InboxIslandMessages } from '@/components/shell/live-island-messages';
import type { LocaleParams } from '@/components/shell/page-context';

export default function InboxIslandLayout({ children, params }: { children: ReactNode; params: Promise<LocaleParams> }) {
  return <InboxIslandMessages params={params}>{children}</InboxIslandMessages>;
}
