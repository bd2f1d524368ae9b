// This route renders the check-in island: it needs the check-in message namespace.
import type { ReactNode } from 'react';
import { CheckinIslandMessages } from '@/components/shell/live-island-messages';
import type { LocaleParams } from '@/components/shell/page-context';

export default function CheckinLayout({ children, params }: { children: ReactNode; params: Promise<LocaleParams> }) {
  return <CheckinIslandMessages params={params}>{children}</CheckinIslandMessages>;
}
