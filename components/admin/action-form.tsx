'use client';
// One console action as a form: its fields (rendered by the page, plus fixed values), an optional confirmation,
// and the password step when the server asks for it (data.reauth = 1): the operator confirms and the action is
// sent again. The outcome is announced in a live region and the page's data is read again.
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { Button, type ButtonLook } from '@/components/ui/button';
import { DialogFrame } from '@/components/ui/dialog-frame';
import type { Locale } from '@/lib/i18n/locales';
import { reauthWindowMinutes } from '@/lib/validation/admin';
import { postConsole, type ConsoleReply } from './console-fetch';
import styles from './console.module.css';

type ActionFormProps = {
  endpoint: string;
  /** Sent with the form's own fields. */
  values?: Record<string, string | number>;
  submitLabel: string;
  /** Shown on success. */
  doneMessage: string;
  /** Where to go on success when the action moves its subject off this page (a decided application); else the page is read again. */
  doneHref?: string;
  confirmMessage?: string;
  variant?: ButtonLook['variant'];
  size?: ButtonLook['size'];
  className?: string;
  children?: ReactNode;
};

function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  new FormData(form).forEach((value, key) => {
    if (typeof value === 'string') values[key] = value;
  });
  return values;
}

export function ActionForm({ endpoint, values = {}, submitLabel, doneMessage, doneHref, confirmMessage, variant = 'primary', size = 'sm', className, children }: ActionFormProps) {
  const t = useTranslations('admin');
  const locale = useLocale() as Locale;
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [reauthOpen, setReauthOpen] = useState(false);
  const [reauthError, setReauthError] = useState('');
  const pending = useRef<Record<string, unknown>>({});

  function finish(reply: ConsoleReply) {
    setBusy(false);
    if (reply.status === 0) {
      setOutcome({ ok: true, text: doneMessage });
      if (doneHref) router.push(doneHref);
      else router.refresh();
    } else setOutcome({ ok: false, text: reply.msg });
  }

  async function send(body: Record<string, unknown>) {
    setBusy(true);
    const reply = await postConsole(endpoint, body, locale, t('errors.network'));
    if (reply.status !== 0 && reply.data?.reauth === 1) {
      pending.current = body;
      setBusy(false);
      setReauthError('');
      setReauthOpen(true);
      return;
    }
    finish(reply);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (confirmMessage && !window.confirm(confirmMessage)) return;
    setOutcome(null);
    await send({ ...formValues(event.currentTarget), ...values });
  }

  async function reauth(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    const reply = await postConsole('/api/admin/reauth', { password }, locale, t('errors.network'));
    if (reply.status !== 0) {
      setReauthError(reply.msg);
      return;
    }
    setReauthOpen(false);
    await send(pending.current);
  }

  return (
    <>
      <form className={className ?? styles.stack} onSubmit={submit} noValidate>
        {children}
        <div>
          <Button type="submit" variant={variant} size={size} loading={busy}>
            {submitLabel}
          </Button>
        </div>
        <p className={outcome?.ok ? styles.success : styles.error} role={outcome?.ok ? 'status' : 'alert'}>
          {outcome?.text ?? ''}
        </p>
      </form>
      {reauthOpen && (
        <DialogFrame onDismiss={() => setReauthOpen(false)} aria-labelledby="reauth-title">
          <form className={styles.dialogBody} onSubmit={reauth} noValidate>
            <h2 id="reauth-title">{t('reauth.heading')}</h2>
            <p className={styles.muted}>{t('reauth.lead', { minutes: reauthWindowMinutes })}</p>
            <label className={styles.field}>
              <span className={styles.label}>{t('reauth.password')}</span>
              {/* eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog opens to ask for exactly this */}
              <input className={styles.input} name="password" type="password" autoComplete="current-password" autoFocus />
            </label>
            <p className={styles.error} role="alert">
              {reauthError}
            </p>
            <div className={styles.dialogActions}>
              <Button variant="secondary" onClick={() => setReauthOpen(false)}>
                {t('reauth.cancel')}
              </Button>
              <Button type="submit">{t('reauth.submit')}</Button>
            </div>
          </form>
        </DialogFrame>
      )}
    </>
  );
}
