'use client';
// The dialog's inputs (spec §2.4 item 1): phone with country label and clear button, code with the send
// control, password with show/hide and clear. Each keeps only what its rule allows (spec §5).
import { useId, useState } from 'react';
import { useTranslations } from 'next-intl';
import type { Locale } from '@/lib/i18n/locales';
import { smsCodeLength } from '@/lib/validation/auth';
import { ClearIcon, EyeIcon, EyeOffIcon } from '@/components/shell/icons';
import { digitsOnly, formatPhoneInput } from './phone-input';
import styles from './login-dialog.module.css';

type FieldProps = { value: string; onChange: (value: string) => void; disabled?: boolean; autoFocus?: boolean };

function ClearButton({ label, onClear, hidden }: { label: string; onClear: () => void; hidden: boolean }) {
  if (hidden) return null;
  return (
    <button type="button" className={styles.iconButton} aria-label={label} onClick={onClear}>
      <ClearIcon size={18} />
    </button>
  );
}

export function PhoneField({ value, onChange, disabled, locale, autoFocus }: FieldProps & { locale: Locale }) {
  const t = useTranslations('account.dialog');
  const id = useId();
  const countryId = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className="visually-hidden">
        {t('phone')}
      </label>
      {/* A prefix of the number as typed (+86, or + before a country code), not a control: it reads as part of the
          number, and screen readers hear what it means as the field's description. */}
      <span className={styles.country} aria-hidden="true">
        {t('countryLabel')}
      </span>
      <span id={countryId} className="visually-hidden">
        {t('countryName')}
      </span>
      <input
        id={id}
        name="phone"
        aria-describedby={countryId}
        className={`${styles.input} ${styles.afterCountry}`}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        placeholder={t('phonePlaceholder')}
        value={value}
        disabled={disabled}
        autoFocus={autoFocus}
        onChange={(event) => onChange(formatPhoneInput(event.target.value, locale))}
      />
      <ClearButton label={t('clearPhone')} hidden={!value || Boolean(disabled)} onClear={() => onChange('')} />
    </div>
  );
}

export function CodeField({
  value,
  onChange,
  disabled,
  autoFocus,
  sendLabel,
  sendDisabled,
  onSend,
}: FieldProps & { sendLabel: string; sendDisabled: boolean; onSend: () => void }) {
  const t = useTranslations('account.dialog');
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className="visually-hidden">
        {t('code')}
      </label>
      <input
        id={id}
        name="code"
        className={styles.input}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={smsCodeLength}
        placeholder={t('codePlaceholder')}
        value={value}
        disabled={disabled}
        autoFocus={autoFocus}
        onChange={(event) => onChange(digitsOnly(event.target.value, smsCodeLength))}
      />
      <button type="button" className={styles.sendButton} disabled={sendDisabled || disabled} onClick={onSend} aria-live="polite">
        {sendLabel}
      </button>
    </div>
  );
}

type PasswordFieldProps = FieldProps & {
  name: string;
  label: string;
  placeholder: string;
  autoComplete: 'current-password' | 'new-password';
};

export function PasswordField({ value, onChange, disabled, autoFocus, name, label, placeholder, autoComplete }: PasswordFieldProps) {
  const t = useTranslations('account.dialog');
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div className={styles.field}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        name={name}
        className={styles.input}
        type={visible ? 'text' : 'password'}
        autoComplete={autoComplete}
        placeholder={placeholder}
        value={value}
        disabled={disabled}
        autoFocus={autoFocus}
        onChange={(event) => onChange(event.target.value)}
      />
      <ClearButton label={t('clearPassword', { field: label })} hidden={!value || Boolean(disabled)} onClear={() => onChange('')} />
      <button
        type="button"
        className={styles.iconButton}
        aria-label={t('showPassword', { field: label })}
        aria-pressed={visible}
        onClick={() => setVisible((shown) => !shown)}
      >
        {visible ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
      </button>
    </div>
  );
}
