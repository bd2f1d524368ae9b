// The seven days of the cycle (spec §3 CheckinDetails): each day's rewards, the days checked, and the day a check-in
// now would earn. The dialog and /user-center/checkin both show it.
import { useLocale, useTranslations } from 'next-intl';
import { CheckCircleIcon } from '@/components/shell/icons';
import type { CheckinInfo } from '@/lib/validation/checkin';
import { RewardIcon } from './reward-icon';
import { rewardAmount } from './reward-text';
import styles from './checkin.module.css';

export function WeekStrip({ info }: { info: CheckinInfo }) {
  const t = useTranslations('checkin.dialog');
  const locale = useLocale();
  const checked = info.CheckinDetails.filter((day) => day.IsChecked).length;
  // The day today's check-in earns (or earned): the last checked one once checked in, else the next.
  const todays = info.IsCheckedToday ? checked : checked + 1;
  return (
    <ol className={styles.week}>
      {info.CheckinDetails.map((day) => {
        // The day's headline reward (not the experience every day gives), the others as small marks under it.
        const shown = day.RewardList.find((reward) => reward.icon !== 'experience') ?? day.RewardList[0];
        const others = day.RewardList.filter((reward) => reward !== shown);
        return (
          <li
            key={day.day}
            className={styles.weekDay}
            data-checked={day.IsChecked || undefined}
            data-today={day.day === todays || undefined}
            data-big={day.day === info.CheckinDetails.length || undefined}
            aria-label={`${t('day', { day: day.day })}${day.IsChecked ? `, ${t('checked')}` : ''}: ${day.RewardList.map((reward) => `${reward.title} ${rewardAmount(reward, locale)}`).join(', ')}`}
          >
            <span className={styles.weekDayLabel}>{day.day === todays ? t('today') : t('day', { day: day.day })}</span>
            {shown ? <RewardIcon icon={shown.icon} /> : null}
            <span className={styles.weekDayAmount}>{shown ? rewardAmount(shown, locale) : ''}</span>
            {others.length > 0 ? (
              <span className={styles.weekDayExtras}>
                {others.map((reward) => (
                  <RewardIcon key={`${reward.reward_type}-${reward.icon}`} icon={reward.icon} size={11} />
                ))}
              </span>
            ) : null}
            {day.IsChecked ? <CheckCircleIcon size={18} className={styles.weekDayCheck} /> : null}
          </li>
        );
      })}
    </ol>
  );
}
