// This route renders a quiz list island: it needs the quiz message namespaces.
import type { ReactNode } from 'react';
import { QuizIslandMessages } from '@/components/shell/live-island-messages';
import type { LocaleParams } from '@/components/shell/page-context';

export default function QuizIslandsLayout({ children, params }: { children: ReactNode; params: Promise<LocaleParams> }) {
  return <QuizIslandMessages params={params}>{children}</QuizIslandMessages>;
}
