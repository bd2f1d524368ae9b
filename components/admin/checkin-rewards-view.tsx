// The check-in rewards in the console: the 7 days of the cycle, each with up to four rewards (what it is and how much)
// saved as one. A brand on the default table is told that its first change gives it a table of its own; a brand with
// its own can go back to the default. Rewards are money: the password is asked again when the last check is old.
import { useTranslations } from 'next-intl';
import { Card } from '@/components/ui/card';
import { checkinRewardCode, checkinRewardSlots, majorUnits, type ConsoleCheckinTable } from '@/lib/validation/admin-money';
import { isCurrencyReward, rewardTypes } from '@/lib/validation/checkin-constants';
import { ticketItemType } from '@/lib/validation/live-constants';
import { bubblePropsType, speakerPropsType } from '@/lib/validation/mall-constants';
import { ActionForm } from './action-form';
import styles from './console.module.css';

type Reward = ConsoleCheckinTable['days'][number]['rewards'][number];

/** What the select offers: experience, the currencies, the backpack items a check-in usually gives, a lottery chance. */
const offered = [
  { code: checkinRewardCode({ reward_type: rewardTypes.experience }), kind: 'experience' },
  { code: checkinRewardCode({ reward_type: rewardTypes.gold }), kind: 'gold' },
  { code: checkinRewardCode({ reward_type: rewardTypes.diamond }), kind: 'diamond' },
  { code: checkinRewardCode({ reward_type: rewardTypes.cardItem, item_type: ticketItemType }), kind: 'ticket' },
  { code: checkinRewardCode({ reward_type: rewardTypes.propItem, item_type: speakerPropsType }), kind: 'speaker' },
  { code: checkinRewardCode({ reward_type: rewardTypes.propItem, item_type: bubblePropsType }), kind: 'bubble' },
  { code: checkinRewardCode({ reward_type: rewardTypes.lotteryChance }), kind: 'lottery' },
] as const;

export function CheckinRewardsView({ table }: { table: ConsoleCheckinTable }) {
  const t = useTranslations('admin.money.checkin');
  return (
    <div className={styles.stack}>
      <p className={styles.muted}>{t('lead')}</p>
      <p className={styles.note} data-testid="checkin-table">
        {table.ownTable ? t('ownTable') : t('defaultTable')}
      </p>
      {table.ownTable ? (
        <ActionForm endpoint="/api/admin/resetCheckinTable" submitLabel={t('reset')} doneMessage={t('resetDone')} confirmMessage={t('resetConfirm')} variant="outline" />
      ) : null}
      {table.days.map(({ day, rewards }) => (
        <Card as="section" key={day} radius="lg" className={styles.panel} aria-labelledby={`checkin-day-${day}`} data-checkin-day={day}>
          <h2 id={`checkin-day-${day}`} className={styles.giftTitle}>
            {t('day', { day })}
          </h2>
          <ActionForm endpoint="/api/admin/saveCheckinDay" values={{ day }} submitLabel={t('save')} doneMessage={t('saved')} variant="outline" className={styles.formGrid}>
            {Array.from({ length: checkinRewardSlots }, (_, index) => (
              <RewardSlot key={index} slot={index + 1} reward={rewards[index]} />
            ))}
          </ActionForm>
        </Card>
      ))}
    </div>
  );
}

function RewardSlot({ slot, reward }: { slot: number; reward: Reward | undefined }) {
  const t = useTranslations('admin.money.checkin');
  // A reward written by `ops checkin:day` with an item the list does not name stays choosable as it is.
  const unlisted = reward && !offered.some((option) => option.code === reward.code) ? reward : undefined;
  return (
    <>
      <label className={styles.field}>
        <span className={styles.label}>{t('reward', { slot })}</span>
        <select className={styles.input} name={`reward_${slot}`} defaultValue={reward?.code ?? ''}>
          <option value="">{t('none')}</option>
          {offered.map((option) => (
            <option key={option.code} value={option.code}>
              {t(`kinds.${option.kind}`)}
            </option>
          ))}
          {unlisted ? <option value={unlisted.code}>{t('kinds.item', { type: unlisted.itemType ?? 0 })}</option> : null}
        </select>
      </label>
      <label className={styles.field}>
        <span className={styles.label}>{t('amount', { slot })}</span>
        <input
          className={styles.input}
          name={`amount_${slot}`}
          defaultValue={reward ? (isCurrencyReward(reward.rewardType) ? majorUnits(reward.quantity, 2) : String(reward.quantity)) : ''}
          inputMode="decimal"
          maxLength={12}
        />
      </label>
    </>
  );
}
