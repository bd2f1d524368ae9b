'use client';
// The daily check-in dialog (spec §2.4 item 7, §4): the week, the continuous count, and its status as the spec names it:
//
//   (opening: info loading) ──not checked today──▶ 1 can check in ──check in──▶ 3 checked (success, the rewards shown)
//                           ──checked today─────▶ 3 checked ('今天已签到')      └──failed──▶ 2 failed (retroactive later)
//
// A refusal because the day was taken meanwhile (another device) ends in 3 (use-check-in.ts). The wallet in the header
// follows the reply; a lottery chance won offers /lottery, every state the check-in page.
import { useId, useState } from 'react';
import Link from 'next/link';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { errorText } from '@/lib/http/error-text';
import { siteRoutes } from '@/lib/routes';
import { checkinDialogStatuses, type CheckinDialogStatus } from '@/lib/validation/checkin-constants';
import type { CheckinInfo, CheckinTodayReply } from '@/lib/validation/checkin';
import { Button, buttonClass } from '@/components/ui/button';
import { DialogFrame } from '@/components/ui/dialog-frame';
import { DialogHeader } from '@/components/ui/dialog-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/stores/toast-store';
import { checkinInfoQuery } from './checkin-api';
import { RewardIcon } from './reward-icon';
import { rewardAmount, wonLotteryChance } from './reward-text';
import { useCheckIn } from './use-check-in';
import { WeekStrip } from './week-strip';
import styles from './checkin.module.css';

type Outcome =
  | { status: typeof checkinDialogStatuses.checked; granted?: CheckinTodayReply['RewardList']; note?: string }
  | { status: typeof checkinDialogStatuses.failed; note: string };

export function CheckinDialog({ userId, onClose }: { userId: number; onClose: () => void }) {
  const t = useTranslations('checkin.dialog');
  const locale = useLocale();
  const toast = useToast();
  const titleId = useId();
  const info = useQuery(checkinInfoQuery(userId));
  const runCheckIn = useCheckIn(userId, t('failed'));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);

  const status: CheckinDialogStatus | undefined = outcome?.status ?? (info.data ? (info.data.IsCheckedToday ? checkinDialogStatuses.checked : checkinDialogStatuses.canCheckIn) : undefined);

  async function checkIn() {
    setBusy(true);
    const result = await runCheckIn();
    setBusy(false);
    if (result.ok) {
      setOutcome({ status: checkinDialogStatuses.checked, granted: result.reply.RewardList });
      toast(t('success'), 'success');
    } else {
      setOutcome({ status: result.checkedToday ? checkinDialogStatuses.checked : checkinDialogStatuses.failed, note: result.message });
    }
  }

  return (
    <DialogFrame className={styles.dialog} aria-labelledby={titleId} onDismiss={onClose} data-status={status}>
      <DialogHeader titleId={titleId} title={t('title')} closeLabel={t('close')} onClose={onClose} />
      {info.data ? (
        <DialogBody info={info.data} status={status} outcome={outcome} busy={busy} onCheckIn={checkIn} locale={locale} />
      ) : info.isError ? (
        <p className={styles.failure} role="alert">
          {errorText(info.error, t('failed'))}{' '}
          <button type="button" className={styles.textButton} onClick={() => void info.refetch()}>
            {t('retry')}
          </button>
        </p>
      ) : (
        <div className={styles.loading} aria-busy="true" aria-label={t('loading')}>
          <Skeleton className={styles.loadingWeek} />
          <Skeleton className={styles.loadingButton} />
        </div>
      )}
      <p className={styles.dialogLinks}>
        {outcome?.status === checkinDialogStatuses.checked && outcome.granted && wonLotteryChance(outcome.granted) ? (
          <Link href={siteRoutes.lottery} className={buttonClass({ variant: 'secondary', size: 'sm' })} prefetch={false} onClick={onClose}>
            {t('toLottery')}
          </Link>
        ) : null}
        <Link href={siteRoutes.checkin} className={buttonClass({ variant: 'outline', size: 'sm' })} prefetch={false} onClick={onClose}>
          {t('toCheckinPage')}
        </Link>
      </p>
    </DialogFrame>
  );
}

type BodyProps = { info: CheckinInfo; status: CheckinDialogStatus | undefined; outcome: Outcome | null; busy: boolean; onCheckIn: () => void; locale: string };

function DialogBody({ info, status, outcome, busy, onCheckIn, locale }: BodyProps) {
  const t = useTranslations('checkin.dialog');
  return (
    <>
      <p className={styles.continuous}>{t('continuous', { count: info.Continuous })}</p>
      <WeekStrip info={info} />
      <div className={styles.statusArea} aria-live="polite">
        {status === checkinDialogStatuses.canCheckIn ? (
          <Button size="lg" block onClick={onCheckIn} loading={busy}>
            {busy ? t('checkingIn') : t('checkIn')}
          </Button>
        ) : null}
        {status === checkinDialogStatuses.checked ? (
          <div className={styles.done}>
            <p className={styles.doneTitle}>{outcome?.status === checkinDialogStatuses.checked && outcome.granted ? t('success') : (outcome?.note ?? t('already'))}</p>
            {outcome?.status === checkinDialogStatuses.checked && outcome.granted ? (
              <ul className={styles.granted} aria-label={t('won')}>
                {outcome.granted.map((reward) => (
                  <li key={`${reward.reward_type}-${reward.icon}`}>
                    <RewardIcon icon={reward.icon} size={18} />
                    <span>{reward.title}</span>
                    <strong>{rewardAmount(reward, locale)}</strong>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : null}
        {status === checkinDialogStatuses.failed ? (
          <div className={styles.failedBox} role="alert">
            <p className={styles.doneTitle}>{t('failed')}</p>
            <p>{outcome?.status === checkinDialogStatuses.failed ? outcome.note : ''}</p>
            <p className={styles.hint}>{t('failedHint')}</p>
          </div>
        ) : null}
      </div>
    </>
  );
}
