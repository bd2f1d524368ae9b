// The talent list's island (the viewer's own place) reads the ranking messages in the browser.
import type { ReactNode } from 'react';
import { IslandMessages } from '@/components/shell/live-island-messages';
import type { LocaleParams } from '@/components/shell/page-context';

export default function RankingLayout({ children, params }: { children: ReactNode; params: Promise<LocaleParams> }) {
  return (
    <IslandMessages params={params} namespaces={['ranking']}>
      {children}
    </IslandMessages>
  );
}
