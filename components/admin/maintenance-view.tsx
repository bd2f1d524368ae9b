// The maintenance notice in the console: the one every brand's visitors are shown now or will be (from its reminder
// time a notice they can dismiss, during its window one they cannot close), cleared with a confirmation, and a new
// one announced in both languages with its times in UTC, replacing it.
import { useLocale, useTranslations } from 'next-intl';
import { Card } from '@/components/ui/card';
import type { ConsoleMaintenance } from '@/lib/validation/admin-maintenance';
import { ActionForm } from './action-form';
import { consoleTime } from './format';
import styles from './console.module.css';

export function MaintenanceView({ notice }: { notice: ConsoleMaintenance }) {
  const t = useTranslations('admin.maintenance');
  const locale = useLocale();
  return (
    <div className={styles.stack}>
      <p className={styles.muted}>{t('lead')}</p>
      <Card as="section" radius="lg" className={styles.panel} aria-labelledby="maintenance-current">
        <h2 id="maintenance-current" className={styles.giftTitle}>
          {t('current')}
        </h2>
        {notice ? (
          <div className={styles.stack} data-testid="maintenance-current">
            <p>
              <strong>{notice.title['en-US']}</strong>
              {notice.title['zh-CN'] ? ` · ${notice.title['zh-CN']}` : ''}
            </p>
            <p>{notice.content['en-US']}</p>
            {notice.content['zh-CN'] ? <p>{notice.content['zh-CN']}</p> : null}
            <p className={styles.muted}>
              {t('window', { start: consoleTime(notice.startsAt, locale), end: consoleTime(notice.endsAt, locale) })}
              {notice.remindAt ? ` · ${t('remindFrom', { time: consoleTime(notice.remindAt, locale) })}` : ''}
            </p>
            <ActionForm endpoint="/api/admin/clearMaintenance" submitLabel={t('clear')} doneMessage={t('cleared')} confirmMessage={t('clearConfirm')} variant="outline" />
          </div>
        ) : (
          <p className={styles.notice} data-testid="maintenance-current">
            {t('none')}
          </p>
        )}
      </Card>
      <Card as="section" radius="lg" className={styles.panel} aria-labelledby="maintenance-new">
        <h2 id="maintenance-new" className={styles.giftTitle}>
          {t('announceHeading')}
        </h2>
        <ActionForm endpoint="/api/admin/setMaintenance" submitLabel={t('announce')} doneMessage={t('announced')} confirmMessage={notice ? t('replaceConfirm') : undefined} className={styles.formGrid}>
          <label className={styles.field}>
            <span className={styles.label}>{t('titleEn')}</span>
            <input className={styles.input} name="title_en" maxLength={100} required />
          </label>
          <label className={styles.field}>
            <span className={styles.label}>{t('titleZh')}</span>
            <input className={styles.input} name="title_zh" maxLength={100} />
          </label>
          <label className={styles.field}>
            <span className={styles.label}>{t('contentEn')}</span>
            <textarea className={styles.textarea} name="content_en" rows={3} maxLength={2000} required />
          </label>
          <label className={styles.field}>
            <span className={styles.label}>{t('contentZh')}</span>
            <textarea className={styles.textarea} name="content_zh" rows={3} maxLength={2000} />
          </label>
          <label className={styles.field}>
            <span className={styles.label}>{t('startsAt')}</span>
            <input className={styles.input} type="datetime-local" name="starts_at" required />
          </label>
          <label className={styles.field}>
            <span className={styles.label}>{t('endsAt')}</span>
            <input className={styles.input} type="datetime-local" name="ends_at" required />
          </label>
          <label className={styles.field}>
            <span className={styles.label}>{t('remindAt')}</span>
            <input className={styles.input} type="datetime-local" name="remind_at" />
          </label>
        </ActionForm>
      </Card>
    </div>
  );
}
