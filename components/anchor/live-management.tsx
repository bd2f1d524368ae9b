'use client';
// /user-center/live-management: the summary of the live that just ended (End live leads here: docs/live.md), the
// open live with End live, and the planned lives, each startable now (the room opens) or cancellable.
import { useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useToast } from '@/stores/toast-store';
import { errorText } from '@/lib/http/error-text';
import { CalendarIcon, TicketIcon, VideoIcon } from '@/components/shell/icons';
import { userQueryKeys } from '@/components/user/user-api';
import type { UserInfo } from '@/lib/validation/users';
import { liveRoomPath } from '@/lib/routes';
import { anchorQueryKeys, cancelPlan, categoriesQuery, plansQuery, roomQuery, startPlan, type LivePlan } from './anchor-api';
import { AnchorGate, Placeholder } from './anchor-gate';
import { LiveSummaryCard } from './live-summary';
import { StartLiveButton } from './start-live-button';
import { useEndLive } from './use-end-live';
import form from './anchor-form.module.css';
import styles from './anchor-pages.module.css';
import { useDateFormat } from '@/components/shell/local-time';

function useDateTime() {
  const { dateTime } = useDateFormat();
  return (seconds: number) => dateTime({ unixSeconds: seconds });
}

function CurrentLive({ user, ticketSwitch }: { user: UserInfo; ticketSwitch: number }) {
  const t = useTranslations('anchor.management');
  const dateTime = useDateTime();
  const room = useQuery(roomQuery(user.id));
  const [confirming, setConfirming] = useState(false);
  const { ending, end } = useEndLive(() => setConfirming(false));

  if (room.isPending) return <Placeholder />;
  const live = room.data?.live ?? null;
  if (!live) {
    return (
      <section className={`${styles.card} ${styles.current}`} aria-labelledby="current-live-title">
        <div className={styles.currentIcon}>
          <VideoIcon size={26} />
        </div>
        <div className={styles.currentBody}>
          <h2 id="current-live-title" className={styles.cardTitle}>
            {t('notLiveTitle')}
          </h2>
          <p className={styles.cardHint}>{t('notLiveText')}</p>
        </div>
        <div className={styles.actions}>
          <StartLiveButton className={form.primary} ticketSwitch={ticketSwitch}>
            <VideoIcon size={18} />
            {t('startLive')}
          </StartLiveButton>
        </div>
      </section>
    );
  }
  const match = room.data?.match;
  return (
    <section className={`${styles.card} ${styles.current}`} data-live="true" aria-labelledby="current-live-title">
      <div className={styles.currentCover}>
        {live.cover || live.cover_v ? <img src={live.cover || live.cover_v} alt="" /> : <VideoIcon size={28} />}
      </div>
      <div className={styles.currentBody}>
        <p className={styles.currentKicker}>
          <span className={styles.pill} data-tone={live.state === 'live' ? 'live' : live.state === 'away' ? 'away' : 'idle'}>
            {t(`states.${live.state}`)}
          </span>
          <span>{t('startedAt', { time: dateTime(live.started_at) })}</span>
        </p>
        <h2 id="current-live-title" className={styles.currentTitle}>
          {live.title}
        </h2>
        <p className={styles.cardHint}>
          {match ? `${match.competition} · ${match.home.name} – ${match.away.name} · ` : ''}
          {t('viewers', { count: room.data?.heat ?? 0 })}
        </p>
      </div>
      <div className={styles.actions}>
        {confirming ? (
          <>
            <span className={styles.confirmText}>{t('endConfirm')}</span>
            <button type="button" className={`${form.secondary} ${form.small}`} onClick={() => setConfirming(false)} disabled={ending}>
              {t('keepLive')}
            </button>
            <button type="button" className={`${form.danger} ${form.small}`} onClick={() => void end()} disabled={ending} aria-busy={ending}>
              {t('endNow')}
            </button>
          </>
        ) : (
          <>
            <Link href={liveRoomPath(user.id)} className={`${form.secondary} ${form.small}`}>
              {t('goToRoom')}
            </Link>
            <button type="button" className={`${form.danger} ${form.small}`} onClick={() => setConfirming(true)}>
              {t('endLive')}
            </button>
          </>
        )}
      </div>
    </section>
  );
}

function PlanRow({ plan, categoryName }: { plan: LivePlan; categoryName: string }) {
  const t = useTranslations('anchor.management');
  const router = useRouter();
  const queryClient = useQueryClient();
  const showToast = useToast();
  const dateTime = useDateTime();
  const [busy, setBusy] = useState<'start' | 'cancel' | null>(null);

  async function act(action: 'start' | 'cancel') {
    setBusy(action);
    try {
      if (action === 'start') {
        const started = await startPlan(plan.id);
        void queryClient.invalidateQueries({ queryKey: userQueryKeys.anchorStatus });
        showToast(t('planStarted'), 'success');
        router.push(started.room_path);
        return;
      }
      await cancelPlan(plan.id);
      showToast(t('planCancelled'), 'success');
      await queryClient.invalidateQueries({ queryKey: anchorQueryKeys.plans });
    } catch (error) {
      showToast(errorText(error, t(action === 'start' ? 'planStartFailed' : 'planCancelFailed')), 'error');
    }
    setBusy(null);
  }

  return (
    <li className={styles.plan}>
      <div className={styles.planCover}>{plan.thumb ? <img src={plan.thumb} alt="" /> : <CalendarIcon size={22} />}</div>
      <div className={styles.planBody}>
        <p className={styles.planTitle}>{plan.title}</p>
        <p className={styles.planMeta}>
          <span>
            <CalendarIcon size={14} />
            {dateTime(plan.plan_time)}
          </span>
          {categoryName ? <span>{categoryName}</span> : null}
          {plan.ticket > 0 ? (
            <span>
              <TicketIcon size={14} />
              {t('ticketed')}
            </span>
          ) : null}
        </p>
      </div>
      <div className={styles.planActions}>
        <button type="button" className={`${form.secondary} ${form.small}`} onClick={() => void act('cancel')} disabled={busy !== null} aria-label={t('cancelPlan', { title: plan.title })}>
          {t('cancel')}
        </button>
        <button type="button" className={`${form.primary} ${form.small}`} onClick={() => void act('start')} disabled={busy !== null} aria-label={t('startPlan', { title: plan.title })}>
          {t('startNow')}
        </button>
      </div>
    </li>
  );
}

function Plans({ ticketSwitch }: { ticketSwitch: number }) {
  const t = useTranslations('anchor.management');
  const plans = useQuery(plansQuery);
  const categories = useQuery(categoriesQuery);
  const nameOf = (plan: LivePlan) => {
    const category = categories.data?.find((item) => item.id === plan.category_id);
    const child = category?.second_category.find((item) => item.id === plan.child_category_id);
    return [category?.name, child?.name].filter(Boolean).join(' · ');
  };

  return (
    <section className={styles.card} aria-labelledby="planned-lives-title">
      <div className={styles.cardHead}>
        <div>
          <h2 id="planned-lives-title" className={styles.cardTitle}>
            {t('plansTitle')}
          </h2>
          <p className={styles.cardHint}>{t('plansHint')}</p>
        </div>
        <StartLiveButton className={`${form.secondary} ${form.small}`} ticketSwitch={ticketSwitch} mode="plan">
          <CalendarIcon size={16} />
          {t('planLive')}
        </StartLiveButton>
      </div>
      {plans.isPending ? (
        <Placeholder />
      ) : plans.isError ? (
        <p className={form.formError}>{errorText(plans.error, t('plansFailed'))}</p>
      ) : plans.data.length === 0 ? (
        <div className={styles.emptyList}>
          <CalendarIcon size={28} />
          <p>{t('noPlans')}</p>
        </div>
      ) : (
        <ul className={styles.plans} aria-label={t('plansTitle')}>
          {plans.data.map((plan) => (
            <PlanRow key={plan.id} plan={plan} categoryName={nameOf(plan)} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** `endedLiveId`: the live End live just ended (`?ended=`), summed up on top. */
export function LiveManagement({ ticketSwitch, endedLiveId }: { ticketSwitch: number; endedLiveId?: number }) {
  return (
    <AnchorGate anchorsOnly>
      {(user) => (
        <div className={styles.stack}>
          {endedLiveId ? <LiveSummaryCard key={endedLiveId} liveId={endedLiveId} /> : null}
          <CurrentLive user={user} ticketSwitch={ticketSwitch} />
          <Plans ticketSwitch={ticketSwitch} />
        </div>
      )}
    </AnchorGate>
  );
}
