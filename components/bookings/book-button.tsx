'use client';
// The Book button of the schedule, the live preview and the match page (docs/bookings.md): a visitor is asked to
// sign in; a signed-in user books or drops the match or planned live and is told when it starts. The pages are cached
// for everyone, so what this user booked is read in the browser, once per page for all its buttons. The labels come
// once per page from the server (BookingLabels), not from a client message namespace.
import { createContext, useContext, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/http';
import { errorText } from '@/lib/http/error-text';
import type { BookingKind } from '@/lib/validation/booking-constants';
import type { BookedIds } from '@/lib/validation/bookings';
import { useViewerId } from '@/components/live/personal-list';
import { Button } from '@/components/ui/button';
import { useSessionStore } from '@/stores/session-store';
import { useToast } from '@/stores/toast-store';

export type BookLabels = { book: string; booked: string; bookLabel: string; bookedToast: string; droppedToast: string; failed: string };

const LabelsContext = createContext<BookLabels | null>(null);

export function BookingLabels({ labels, children }: { labels: BookLabels; children: ReactNode }) {
  return <LabelsContext.Provider value={labels}>{children}</LabelsContext.Provider>;
}

const bookedIdsQueryKey = ['bookings', 'mine'] as const;

export function BookButton({ kind, id, title }: { kind: BookingKind; id: number; title: string }) {
  const labels = useContext(LabelsContext);
  const viewerId = useViewerId();
  const toast = useToast();
  const openLogin = useSessionStore((state) => state.openLogin);
  const queryClient = useQueryClient();
  const mine = useQuery({ queryKey: bookedIdsQueryKey, queryFn: () => api.post<BookedIds>('/api/booking/mine', {}), enabled: typeof viewerId === 'number', staleTime: 60_000 });
  const booked = mine.data?.[kind].includes(id) ?? false;
  const toggle = useMutation({
    mutationFn: () => api.post('/api/booking/set', { kind, id, booked: booked ? 0 : 1 }),
    onSuccess: () => {
      queryClient.setQueryData<BookedIds>(bookedIdsQueryKey, (ids) => ids && { ...ids, [kind]: booked ? ids[kind].filter((other) => other !== id) : [...ids[kind], id] });
      void queryClient.invalidateQueries({ queryKey: ['bookings'] });
      if (labels) toast(booked ? labels.droppedToast : labels.bookedToast, 'success');
    },
    onError: (failure) => toast(errorText(failure, labels?.failed ?? ''), 'error'),
  });
  if (!labels) return null;
  return (
    <Button
      size="xs"
      variant={booked ? 'secondary' : 'outline'}
      aria-pressed={booked}
      aria-label={labels.bookLabel.replace('{title}', title)}
      loading={toggle.isPending}
      // Until the stored session is read, a press cannot know whether to book or to ask for a sign-in.
      disabled={viewerId === undefined}
      onClick={() => (viewerId ? toggle.mutate() : openLogin())}
    >
      {booked ? labels.booked : labels.book}
    </Button>
  );
}
