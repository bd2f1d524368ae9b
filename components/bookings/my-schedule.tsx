'use client';
// /user-center/mySchedule (spec §2.2): what the signed-in user booked, the next to start first, each with where to
// watch it; and the switch for "tell me when an anchor I follow goes live". Private: a client island.
import Link from 'next/link';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/http';
import { errorText } from '@/lib/http/error-text';
import { siteRoutes } from '@/lib/routes';
import type { BookingList, BookingView, NoticeSettings } from '@/lib/validation/bookings';
import { QueryRows, SignedOutNotice, useViewerId } from '@/components/live/personal-list';
import { CalendarCheckIcon } from '@/components/shell/icons';
import { useDateFormat } from '@/components/shell/local-time';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { ShowMore } from '@/components/ui/show-more';
import { useToast } from '@/stores/toast-store';
import styles from './bookings.module.css';

const pageSize = 20;

const bookingsQuery = {
  queryKey: ['bookings', 'list'] as const,
  queryFn: ({ pageParam }: { pageParam: number }) => api.post<BookingList>('/api/booking/list', { page: pageParam }),
  initialPageParam: 1,
  getNextPageParam: (last: BookingList, pages: BookingList[]) => (pages.length * pageSize < last.total ? pages.length + 1 : undefined),
};

export function MySchedule() {
  const t = useTranslations('bookings.page');
  const viewerId = useViewerId();
  if (viewerId === undefined) return <div aria-busy="true" />;
  if (viewerId === null) return <SignedOutNotice icon={CalendarCheckIcon} title={t('signedOut')} text={t('signedOutHint')} />;
  return (
    <>
      <FollowedLiveSwitch />
      <BookingRows />
    </>
  );
}

function FollowedLiveSwitch() {
  const t = useTranslations('bookings.page');
  const toast = useToast();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: ['bookings', 'settings'], queryFn: () => api.get<NoticeSettings>('/api/booking/settings') });
  // The box follows the press at once: the pressed value is held in component state (set in the change event, so
  // React does not put the controlled box back while the mutation starts), until the server's answer replaces it;
  // a refusal puts back what the server has.
  const [pressed, setPressed] = useState<boolean | null>(null);
  const save = useMutation({
    mutationFn: (on: boolean) => api.post<NoticeSettings>('/api/booking/settings', { followed_live: on ? 1 : 0 }),
    onSuccess: (next) => queryClient.setQueryData(['bookings', 'settings'], next),
    onError: (failure) => {
      toast(errorText(failure, t('loadFailed')), 'error');
      void queryClient.invalidateQueries({ queryKey: ['bookings', 'settings'] });
    },
    onSettled: () => setPressed(null),
  });
  const on = pressed ?? settings.data?.followed_live !== 0;
  return (
    <label className={styles.switch}>
      <input
        type="checkbox"
        checked={on}
        disabled={!settings.data}
        onChange={(event) => {
          setPressed(event.target.checked);
          save.mutate(event.target.checked);
        }}
      />
      {t('followedLive')}
    </label>
  );
}

function BookingRows() {
  const t = useTranslations('bookings.page');
  const query = useInfiniteQuery(bookingsQuery);
  return (
    <QueryRows query={query}>
      {({ pages }) => {
        const list = pages.flatMap((page) => page.list);
        if (list.length === 0) return <EmptyState icon={CalendarCheckIcon} title={t('empty')} description={t('emptyHint')} action={{ href: siteRoutes.schedule, label: t('schedule') }} />;
        return (
          <>
            <ul className={styles.bookings} aria-label={t('list')}>
              {list.map((booking) => (
                <BookingRow key={`${booking.kind}-${booking.id}`} booking={booking} />
              ))}
            </ul>
            <ShowMore query={query} label={t('more')} />
          </>
        );
      }}
    </QueryRows>
  );
}

function BookingRow({ booking }: { booking: BookingView }) {
  const t = useTranslations('bookings.page');
  const toast = useToast();
  const queryClient = useQueryClient();
  const { dateTime } = useDateFormat();
  const remove = useMutation({
    mutationFn: () => api.post('/api/booking/set', { kind: booking.kind, id: booking.id, booked: 0 }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['bookings'] }),
    onError: (failure) => toast(errorText(failure, t('loadFailed')), 'error'),
  });
  const tone = booking.state === 'started' ? 'live' : booking.state === 'over' ? 'muted' : 'brand';
  return (
    <li className={styles.bookingRow} data-booking={`${booking.kind}-${booking.id}`}>
      <time className={styles.bookingTime} dateTime={new Date(booking.start_time).toISOString()}>
        {dateTime(new Date(booking.start_time))}
      </time>
      <span className={styles.bookingText}>
        <span className={styles.bookingTitle}>{booking.title}</span>
        <span className={styles.bookingSubtitle}>
          {t(booking.kind)} · {booking.subtitle}
        </span>
      </span>
      <Badge className={styles.state} tone={tone}>
        {t(booking.state)}
      </Badge>
      <Link className={buttonClass({ size: 'xs', variant: booking.state === 'started' ? 'primary' : 'outline' })} href={booking.path} prefetch={false}>
        {t('watch')}
      </Link>
      {/* Any row can go: a match that kicked off while the list was open is still the viewer's to tidy away. */}
      <Button size="xs" variant="secondary" loading={remove.isPending} onClick={() => remove.mutate()}>
        {t('remove')}
      </Button>
    </li>
  );
}
