// The viewer's own second factor: on, or the set-up (a QR code of the otpauth address and the key as text, then
// the first code from the app).
import { useTranslations } from 'next-intl';
import { Card } from '@/components/ui/card';
import { QrCode } from '@/components/shell/qr-code';
import type { TotpStatus } from '@/lib/validation/admin';
import { ActionForm } from './action-form';
import styles from './console.module.css';

export function SecurityView({ status, required }: { status: TotpStatus; required: boolean }) {
  const t = useTranslations('admin.security');
  if (status.confirmed || !status.pending) {
    return (
      <Card radius="lg" className={styles.panel}>
        <p className={styles.success}>{t('on')}</p>
      </Card>
    );
  }
  return (
    <Card radius="lg" className={styles.panel}>
      {required && (
        <p className={styles.error} role="alert">
          {t('required')}
        </p>
      )}
      <p className={styles.message}>{t('scan')}</p>
      <div className={styles.qr}>
        <QrCode value={status.pending.uri} size={168} label={t('qrLabel')} />
        <dl className={styles.facts}>
          <dt>{t('key')}</dt>
          <dd className={styles.mono} data-testid="totp-secret">
            {status.pending.secret}
          </dd>
        </dl>
      </div>
      <ActionForm endpoint="/api/admin/confirmTotp" submitLabel={t('submit')} doneMessage={t('done')}>
        <label className={styles.field}>
          <span className={styles.label}>{t('code')}</span>
          <input className={styles.input} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} pattern="\d{6}" required />
        </label>
      </ActionForm>
    </Card>
  );
}
