// A level badge (spec §3, §6, §9): one of 22 badges (levels 0–21, anything else shows 0) in its band's colours.
import { useTranslations } from 'next-intl';
import { badgeLevel, levelBand } from './level-bands';
import styles from './level-badge.module.css';

export function LevelBadge({ level, size = 'small' }: { level: number; size?: 'small' | 'large' }) {
  const t = useTranslations('account.card');
  const shown = badgeLevel(level);
  return (
    <span className={styles.badge} data-band={levelBand(level)} data-size={size} role="img" aria-label={t('level', { level: shown })}>
      <svg className={styles.mark} viewBox="0 0 16 18" aria-hidden="true" focusable="false">
        <path d="M8 0.8 15 3.6v5.2c0 4.2-3 7.2-7 8.4-4-1.2-7-4.2-7-8.4V3.6z" />
        <path className={styles.star} d="M8 4.6l1.1 2.3 2.5.4-1.8 1.7.4 2.5L8 10.3l-2.2 1.2.4-2.5-1.8-1.7 2.5-.4z" />
      </svg>
      <span className={styles.number} aria-hidden="true">
        {shown}
      </span>
    </span>
  );
}
