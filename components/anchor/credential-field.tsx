'use client';
// A push address or key (spec §2.4 item 5, §9): shown masked, revealed on request, copied with one button.
import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import { useToast } from '@/stores/toast-store';
import { EyeIcon, EyeOffIcon } from '@/components/shell/icons';
import { maskSecret } from './live-form';
import styles from './anchor-form.module.css';

export function CredentialField({ label, value, hint }: { label: string; value: string; hint?: string }) {
  const t = useTranslations('anchor.credentials');
  const showToast = useToast();
  const id = useId();
  const [revealed, setRevealed] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      showToast(t('copied'), 'success');
    } catch {
      showToast(t('copyFailed'), 'error');
    }
  }

  return (
    <div className={styles.field}>
      <span id={id} className={styles.label}>
        {label}
      </span>
      <div className={styles.credential} role="group" aria-labelledby={id}>
        <span className={styles.credentialValue} data-testid="credential-value" translate="no">
          {revealed ? value : maskSecret(value)}
        </span>
        <button
          type="button"
          className={styles.iconButton}
          aria-label={t(revealed ? 'hide' : 'show', { field: label })}
          aria-pressed={revealed}
          onClick={() => setRevealed((shown) => !shown)}
        >
          {revealed ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
        </button>
        <button type="button" className={styles.copyButton} aria-label={t('copyField', { field: label })} onClick={() => void copy()} disabled={!value}>
          {t('copy')}
        </button>
      </div>
      {hint ? <p className={styles.hint}>{hint}</p> : null}
    </div>
  );
}
