// The brand's app-config switches in the console (docs/admin.md "Brand settings"): the site's features on or off,
// its links, the daily pop-up count, the Tencent IM app id and the quiz chips, each marked when it is the brand's
// own value rather than the one every brand inherits. One save writes the changed keys, audited.
import { useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { brandSwitchKeys, brandTextKeys, type BrandSettings } from '@/lib/validation/admin-settings';
import type { AppConfigKey } from '@/lib/validation/config';
import { ActionForm } from './action-form';
import styles from './console.module.css';

export function SettingsView({ settings }: { settings: BrandSettings }) {
  const t = useTranslations('admin.settings');
  const { values, own } = settings;
  const label = (key: AppConfigKey) => (
    <span className={styles.label}>
      {t(`keys.${key}`)} {own.includes(key) ? <Badge tone="brand">{t('own')}</Badge> : <Badge tone="muted">{t('inherited')}</Badge>}
    </span>
  );
  return (
    <div className={styles.stack}>
      <p className={styles.muted}>{t('lead')}</p>
      <ActionForm endpoint="/api/admin/saveBrandSettings" submitLabel={t('save')} doneMessage={t('saved')}>
        <div className={styles.panels}>
          <Card as="section" radius="lg" className={styles.panel} aria-labelledby="settings-switches">
            <h2 id="settings-switches" className={styles.panelTitle}>
              {t('switches')}
            </h2>
            {brandSwitchKeys.map((key) => (
              <label key={key} className={styles.field}>
                {label(key)}
                <select className={styles.input} name={key} defaultValue={String(values[key])}>
                  <option value="1">{t('on')}</option>
                  <option value="0">{t('off')}</option>
                </select>
              </label>
            ))}
          </Card>
          <Card as="section" radius="lg" className={styles.panel} aria-labelledby="settings-links">
            <h2 id="settings-links" className={styles.panelTitle}>
              {t('linksAndLimits')}
            </h2>
            {brandTextKeys.map((key) => (
              <label key={key} className={styles.field}>
                {label(key)}
                <input className={styles.input} name={key} defaultValue={values[key]} maxLength={500} />
              </label>
            ))}
            <label className={styles.field}>
              {label('dialog_daily_times')}
              <input className={styles.input} name="dialog_daily_times" inputMode="numeric" defaultValue={values.dialog_daily_times} />
            </label>
            <label className={styles.field}>
              {label('im_sdkappid')}
              <input className={styles.input} name="im_sdkappid" inputMode="numeric" defaultValue={values.im_sdkappid} aria-describedby="im-sdkappid-hint" />
              <span id="im-sdkappid-hint" className={styles.muted}>
                {t('imHint')}
              </span>
            </label>
            <label className={styles.field}>
              {label('chips')}
              <input className={styles.input} name="chips" defaultValue={values.chips.map((chip) => chip / 100).join(', ')} aria-describedby="chips-hint" />
              <span id="chips-hint" className={styles.muted}>
                {t('chipsHint')}
              </span>
            </label>
          </Card>
        </div>
      </ActionForm>
    </div>
  );
}
