// This route renders the booked list island: it needs the bookings message namespace.
import type { ReactNode } from 'react';
import { BookingsIslandMessages } from '@/components/shell/live-island-messages';
import type { LocaleParams } from '@/components/shell/page-context';

export default function BookingsIslandLayout({ children, params }: { children: ReactNode; params: Promise<LocaleParams> }) {
  return <BookingsIslandMessages params={params}>{children}</BookingsIslandMessages>;
}
