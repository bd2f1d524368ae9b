'use client';
// The console's sign-in: phone and password, and the authenticator code once the server says the account has a
// second factor (its reply carries totp: 1). On success the console cookie is set and the dashboard opens.
import { useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import type { Locale } from '@/lib/i18n/locales';
import { adminRoutes } from '@/lib/routes';
import { postConsole } from './console-fetch';
import styles from './console.module.css';

export function SignInForm() {
  const t = useTranslations('admin');
  const locale = useLocale() as Locale;
  const router = useRouter();
  const [askCode, setAskCode] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError('');
    const reply = await postConsole(
      '/api/admin/signIn',
      { phone: String(form.get('phone') ?? ''), password: String(form.get('password') ?? ''), code: String(form.get('code') ?? '') },
      locale,
      t('errors.network'),
    );
    if (reply.status === 0) {
      router.replace(adminRoutes.dashboard);
      router.refresh();
      return;
    }
    setBusy(false);
    if (reply.data?.totp === 1) setAskCode(true);
    setError(reply.msg);
  }

  return (
    <form className={styles.stack} onSubmit={submit} noValidate aria-describedby={error ? 'sign-in-error' : undefined}>
      <label className={styles.field}>
        <span className={styles.label}>{t('signIn.phone')}</span>
        <input className={styles.input} name="phone" type="tel" inputMode="tel" autoComplete="username" required />
      </label>
      <label className={styles.field}>
        <span className={styles.label}>{t('signIn.password')}</span>
        <input className={styles.input} name="password" type="password" autoComplete="current-password" required />
      </label>
      {askCode && (
        <label className={styles.field}>
          <span className={styles.label}>{t('signIn.code')}</span>
          {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the code field appears because the server asked for it */}
          <input className={styles.input} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={6} pattern="\d{6}" autoFocus aria-describedby="code-hint" />
          <span id="code-hint" className={styles.muted}>
            {t('signIn.codeHint')}
          </span>
        </label>
      )}
      <p id="sign-in-error" className={styles.error} role="alert">
        {error}
      </p>
      <Button type="submit" block loading={busy}>
        {busy ? t('signIn.working') : t('signIn.submit')}
      </Button>
    </form>
  );
}
