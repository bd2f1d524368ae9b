'use client';
// /lottery (spec §2.2, shown with lottery_switch): the caller's chances and the Draw button, the prize of the last
// draw, the prize table with each prize's exact chance and stock, and the caller's draws. A draw is made on the
// server (docs/lottery.md); this page only shows its outcome.
import { useState } from 'react';
import Link from 'next/link';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { api } from '@/lib/http';
import { errorText } from '@/lib/http/error-text';
import { siteRoutes } from '@/lib/routes';
import type { LotteryDrawReply, LotteryHistory, LotteryInfo } from '@/lib/validation/lottery';
import { QueryRows, SignedOutNotice, useViewerId } from '@/components/live/personal-list';
import { GiftIcon } from '@/components/shell/icons';
import { useDateFormat } from '@/components/shell/local-time';
import { Button, buttonClass } from '@/components/ui/button';
import { ShowMore } from '@/components/ui/show-more';
import { useToast } from '@/stores/toast-store';
import { useUserStore } from '@/stores/user-store';
import styles from './lottery.module.css';

const historyPageSize = 20;
const keys = { info: ['lottery', 'info'] as const, history: ['lottery', 'history'] as const };

export function LotteryView() {
  const t = useTranslations('lottery.page');
  const viewerId = useViewerId();
  if (viewerId === undefined) return <div aria-busy="true" />;
  if (viewerId === null) return <SignedOutNotice icon={GiftIcon} title={t('signedOut')} text={t('signedOutHint')} />;
  return <SignedInLottery />;
}

function SignedInLottery() {
  const t = useTranslations('lottery.page');
  const toast = useToast();
  const queryClient = useQueryClient();
  const updateUserInfo = useUserStore((state) => state.updateUserInfo);
  const info = useQuery({ queryKey: keys.info, queryFn: () => api.post<LotteryInfo>('/api/lottery/info', {}) });
  const [last, setLast] = useState<LotteryDrawReply | null>(null);
  const draw = useMutation({
    mutationFn: () => api.post<LotteryDrawReply>('/api/lottery/draw', { idempotency_key: crypto.randomUUID() }),
    onSuccess: (reply) => {
      setLast(reply);
      updateUserInfo({ diamond: reply.bal.diamond, gold: reply.bal.gold });
      void queryClient.invalidateQueries({ queryKey: ['lottery'] });
    },
    onError: (failure) => toast(errorText(failure, t('failed')), 'error'),
  });
  return (
    <QueryRows query={info}>
      {(data) => (
        <div className={styles.lottery}>
          <section className={styles.stage} aria-live="polite">
            <p className={styles.chances}>{t('chances', { count: data.chances })}</p>
            <Button size="lg" className={styles.drawButton} loading={draw.isPending} disabled={data.chances < 1} onClick={() => draw.mutate()}>
              {t('draw')}
            </Button>
            {last ? (
              <p className={styles.result} data-kind={last.prize.kind} role="status">
                {last.prize.kind === 'nothing' ? t('tryAgain') : t('won', { prize: last.prize.name })}
              </p>
            ) : null}
            {data.chances < 1 ? (
              <p className={styles.hint}>
                {t('getChances')}{' '}
                <Link className={buttonClass({ size: 'sm', variant: 'secondary' })} href={siteRoutes.checkin}>
                  {t('checkin')}
                </Link>
              </p>
            ) : null}
          </section>
          <section aria-labelledby="lottery-prizes">
            <h2 id="lottery-prizes" className={styles.subtitle}>
              {t('prizes')}
            </h2>
            <ul className={styles.prizes}>
              {data.prizes.map((prize) => (
                <li key={prize.prize_id} className={styles.prize} data-kind={prize.kind}>
                  <span className={styles.prizeName}>{prize.name}</span>
                  <span className={styles.prizeMeta}>{t('chance', { percent: prize.probability.toFixed(2) })}</span>
                  <span className={styles.prizeMeta}>{prize.stock === null ? t('unlimited') : t('stock', { count: prize.stock })}</span>
                </li>
              ))}
            </ul>
            <p className={styles.hint}>{t('fair')}</p>
          </section>
          <DrawHistory />
        </div>
      )}
    </QueryRows>
  );
}

function DrawHistory() {
  const t = useTranslations('lottery.page');
  const { dateTime } = useDateFormat();
  const history = useInfiniteQuery({
    queryKey: keys.history,
    queryFn: ({ pageParam }) => api.post<LotteryHistory>('/api/lottery/history', { page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last: LotteryHistory, pages: LotteryHistory[]) => (pages.length * historyPageSize < last.total ? pages.length + 1 : undefined),
  });
  return (
    <section aria-labelledby="lottery-history">
      <h2 id="lottery-history" className={styles.subtitle}>
        {t('history')}
      </h2>
      <QueryRows query={history}>
        {({ pages }) => {
          const draws = pages.flatMap((page) => page.list);
          if (draws.length === 0) return <p className={styles.hint}>{t('noDraws')}</p>;
          return (
            <>
              <ul className={styles.history}>
                {draws.map((row) => (
                  <li key={row.draw_id} className={styles.historyRow} data-kind={row.kind}>
                    <span>{row.prize_name}</span>
                    <time dateTime={new Date(row.created_at).toISOString()}>{dateTime(new Date(row.created_at))}</time>
                  </li>
                ))}
              </ul>
              <ShowMore query={history} label={t('more')} />
            </>
          );
        }}
      </QueryRows>
    </section>
  );
}
