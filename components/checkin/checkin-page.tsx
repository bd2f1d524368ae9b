'use client';
// /user-center/checkin (spec §2.2, §3): this cycle's week with today's check-in, this month's calendar where a missed
// day can be checked in retroactively (its cost and what is left this month), and the history in pages of 20.
// Private: a client island fed by the stored session, like the other personal lists.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { QueryRows, SignedOutNotice, useViewerId } from '@/components/live/personal-list';
import { CalendarCheckIcon, HistoryIcon } from '@/components/shell/icons';
import { Pager } from '@/components/shell/pager';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { errorText } from '@/lib/http/error-text';
import { siteRoutes } from '@/lib/routes';
import { checkinHistoryPageSize } from '@/lib/validation/checkin-constants';
import type { CheckinInfo } from '@/lib/validation/checkin';
import { useToast } from '@/stores/toast-store';
import { useUserStore } from '@/stores/user-store';
import { checkInRetro, checkinHistoryQuery, checkinInfoQuery, refreshAfterMovement } from './checkin-api';
import { rewardAmount } from './reward-text';
import { RewardIcon } from './reward-icon';
import { useCheckIn } from './use-check-in';
import { WeekStrip } from './week-strip';
import styles from './checkin.module.css';

/** A YYYY-MM-DD day, formatted as a calendar date (no time zone shift: it is a date, not an instant). */
const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);

export function CheckinPage({ page }: { page: number }) {
  const t = useTranslations('checkin.page');
  const viewerId = useViewerId();
  if (viewerId === undefined) return <div aria-busy="true" />;
  if (viewerId === null) return <SignedOutNotice icon={CalendarCheckIcon} title={t('signedOut')} text={t('signedOutHint')} />;
  return <SignedInCheckin userId={viewerId} page={page} />;
}

function SignedInCheckin({ userId, page }: { userId: number; page: number }) {
  const info = useQuery(checkinInfoQuery(userId));
  return (
    <div className={styles.pageGrid}>
      <QueryRows query={info}>
        {(data) => (
          <>
            <WeekCard userId={userId} info={data} />
            <MonthCard userId={userId} info={data} />
          </>
        )}
      </QueryRows>
      <HistoryCard userId={userId} page={page} />
    </div>
  );
}

function WeekCard({ userId, info }: { userId: number; info: CheckinInfo }) {
  const t = useTranslations('checkin');
  const toast = useToast();
  const runCheckIn = useCheckIn(userId, t('dialog.failed'));
  const [busy, setBusy] = useState(false);
  async function checkIn() {
    setBusy(true);
    const result = await runCheckIn();
    setBusy(false);
    toast(result.ok ? t('dialog.success') : result.message, result.ok ? 'success' : 'error');
  }
  return (
    <section className={styles.card} aria-labelledby="checkin-week">
      <header className={styles.cardHeader}>
        <h2 id="checkin-week" className={styles.cardTitle}>
          {t('page.week')}
        </h2>
        <span className={styles.streak}>{t('dialog.continuous', { count: info.Continuous })}</span>
      </header>
      <WeekStrip info={info} />
      <p className={styles.hint}>{t('page.weekHint')}</p>
      {info.IsCheckedToday ? (
        <p className={styles.checkedToday}>{t('dialog.already')}</p>
      ) : (
        <Button onClick={checkIn} loading={busy} className={styles.pageAction}>
          {busy ? t('dialog.checkingIn') : t('dialog.checkIn')}
        </Button>
      )}
    </section>
  );
}

function MonthCard({ userId, info }: { userId: number; info: CheckinInfo }) {
  const t = useTranslations('checkin.page');
  const locale = useLocale();
  const toast = useToast();
  const queryClient = useQueryClient();
  const updateUserInfo = useUserStore((state) => state.updateUserInfo);
  const [picked, setPicked] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const remaining = Math.max(0, info.retro.limit - info.retro.used);
  const cost = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(info.retro.cost / 100);
  const dayLabel = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const monthLabel = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(dateOf(info.today));
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'narrow', timeZone: 'UTC' });
  // Monday first; 2024-01-01 was a Monday.
  const weekdays = Array.from({ length: 7 }, (_, index) => weekday.format(new Date(Date.UTC(2024, 0, 1 + index))));
  const leading = (dateOf(info.month[0].date).getUTCDay() + 6) % 7;

  async function fill(date: string) {
    setBusy(true);
    try {
      const reply = await checkInRetro(date);
      updateUserInfo({ diamond: reply.bal.diamond, gold: reply.bal.gold });
      await refreshAfterMovement(queryClient, userId);
      toast(t('retroDone', { date: dayLabel.format(dateOf(date)) }), 'success');
      setPicked(null);
    } catch (failure) {
      toast(errorText(failure, t('retroTitle')), 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={styles.card} aria-labelledby="checkin-month">
      <header className={styles.cardHeader}>
        <h2 id="checkin-month" className={styles.cardTitle}>
          {t('month', { month: monthLabel })}
        </h2>
        <ul className={styles.legend}>
          <li data-state="checked">{t('legendChecked')}</li>
          <li data-state="retroactive">{t('legendRetro')}</li>
          <li data-state="missed">{t('legendMissed')}</li>
        </ul>
      </header>
      <div className={styles.calendar} role="grid" aria-labelledby="checkin-month">
        <div role="row" className={styles.calendarRow}>
          {weekdays.map((name, index) => (
            <span key={index} role="columnheader" className={styles.weekdayName}>
              {name}
            </span>
          ))}
        </div>
        <div role="row" className={styles.calendarRow}>
          {Array.from({ length: leading }, (_, index) => (
            <span key={`blank-${index}`} role="gridcell" aria-hidden="true" />
          ))}
          {info.month.map((day) => {
            const number = Number(day.date.slice(8));
            const label = `${dayLabel.format(dateOf(day.date))}: ${day.state === 'checked' ? t('legendChecked') : day.state === 'retroactive' ? t('legendRetro') : day.state === 'missed' ? t('legendMissed') : ''}`;
            return (
              <span key={day.date} role="gridcell" className={styles.calendarCell}>
                {day.state === 'missed' && remaining > 0 ? (
                  <button
                    type="button"
                    className={styles.calendarDay}
                    data-state={day.state}
                    aria-pressed={picked === day.date}
                    aria-label={label}
                    onClick={() => setPicked(day.date)}
                  >
                    {number}
                  </button>
                ) : (
                  <span className={styles.calendarDay} data-state={day.state} aria-label={label}>
                    {number}
                  </span>
                )}
              </span>
            );
          })}
        </div>
      </div>
      <div className={styles.retro}>
        <h3 className={styles.retroTitle}>{t('retroTitle')}</h3>
        <p className={styles.hint}>{t('retroHint', { cost, remaining, limit: info.retro.limit })}</p>
        {remaining === 0 ? (
          <p className={styles.hint}>{t('retroNone')}</p>
        ) : picked ? (
          <Button variant="secondary" onClick={() => void fill(picked)} loading={busy}>
            {t('retroButton', { date: dayLabel.format(dateOf(picked)), cost })}
          </Button>
        ) : (
          <p className={styles.hint}>{t('pickMissed')}</p>
        )}
      </div>
    </section>
  );
}

function HistoryCard({ userId, page }: { userId: number; page: number }) {
  const t = useTranslations('checkin');
  const locale = useLocale();
  const history = useQuery(checkinHistoryQuery(userId, page));
  const dayLabel = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
  return (
    <section className={styles.card} aria-labelledby="checkin-history">
      <header className={styles.cardHeader}>
        <h2 id="checkin-history" className={styles.cardTitle}>
          {t('page.history')}
        </h2>
      </header>
      <QueryRows query={history}>
        {(data) =>
          data.CheckinHistory.length === 0 ? (
            <EmptyState icon={HistoryIcon} title={t('page.historyEmpty')} description={t('page.historyEmptyHint')} />
          ) : (
            <>
              <ul className={styles.history}>
                {data.CheckinHistory.map((row) => (
                  <li key={row.date} className={styles.historyRow}>
                    <time dateTime={row.date} className={styles.historyDate}>
                      {dayLabel.format(dateOf(row.date))}
                    </time>
                    <span className={styles.historyDay} data-retro={row.retroactive || undefined}>
                      {row.retroactive ? t('page.historyRetro') : t('page.historyDay', { day: row.day })}
                    </span>
                    <span className={styles.historyRewards}>
                      {row.RewardList.length === 0 ? t('page.historyRetroDesc') : null}
                      {row.RewardList.map((reward) => (
                        <span key={`${reward.reward_type}-${reward.icon}`} className={styles.historyReward} title={reward.title}>
                          <RewardIcon icon={reward.icon} size={14} />
                          {reward.title} {rewardAmount(reward, locale)}
                        </span>
                      ))}
                    </span>
                  </li>
                ))}
              </ul>
              <Pager page={page} pages={Math.ceil(data.total / checkinHistoryPageSize)} hrefFor={(target) => `${siteRoutes.checkin}?page=${target}`} />
            </>
          )
        }
      </QueryRows>
    </section>
  );
}
