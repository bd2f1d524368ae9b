'use client';
// The login dialog (spec §2.4 item 1, §4): SMS-code login (mode 2), password login after the slide captcha
// (mode 1), forgot password (mode 3). Opened through the session store from anywhere; Escape and × close it,
// a click outside does not; closing resets it to mode 2 with an empty form.
import { useCallback, useEffect, useId, useReducer, type FormEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { fallbackLocale, isLocale } from '@/lib/i18n/locales';
import { loginInput, loginType } from '@/lib/validation/auth';
import { useSessionStore } from '@/stores/session-store';
import { CaptchaPopup } from './captcha-popup';
import { ForgotPassword } from './forgot-password';
import { CloseIcon, LockIcon, MessageCodeIcon, ShieldCheckIcon } from '@/components/shell/icons';
import { CodeField, PasswordField, PhoneField } from './login-fields';
import { canSubmitLogin, dialogMode, initialLoginDialogState, loginDialogReducer, type LoginField } from './login-dialog-machine';
import { useSendCode } from './use-send-code';
import { useSignIn } from './use-sign-in';
import { useValidationText } from './validation-text';
import { DialogFrame } from '@/components/ui/dialog-frame';
import styles from './login-dialog.module.css';

const modeKeys = { [dialogMode.smsCode]: 'smsCode', [dialogMode.password]: 'password', [dialogMode.forgotPassword]: 'forgot' } as const;

export function LoginDialog({ regSource }: { regSource: string }) {
  const t = useTranslations('account.dialog');
  const uiLocale = useLocale();
  const locale = isLocale(uiLocale) ? uiLocale : fallbackLocale;
  const open = useSessionStore((state) => state.loginDialogOpen);
  const closeLogin = useSessionStore((state) => state.closeLogin);
  const [state, dispatch] = useReducer(loginDialogReducer, initialLoginDialogState);
  const titleId = useId();
  const validationText = useValidationText();
  const fail = useCallback((error: string) => dispatch({ type: 'fail', error }), []);
  const sendControl = useSendCode(locale, fail);
  const signIn = useSignIn(regSource);
  const { form, mode, pending } = state;

  useEffect(() => {
    if (!open) dispatch({ type: 'close' });
  }, [open]);

  const edit = (field: LoginField) => (value: string) => dispatch({ type: 'edit', field, value });

  function run(request: Parameters<typeof signIn>[0]) {
    dispatch({ type: 'submit' });
    // On success the page reloads; the dialog stays busy until then.
    signIn(request).catch((error: unknown) => fail(error instanceof Error ? error.message : t('requestFailed')));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmitLogin(state)) return;
    const smsCode = mode === dialogMode.smsCode;
    const checked = loginInput(locale).safeParse({
      account: form.phone,
      pwd: smsCode ? form.code : form.passwd,
      login_type: smsCode ? loginType.smsCode : loginType.password,
    });
    if (!checked.success) return fail(validationText(checked.error));
    // Spec §4: a password login first needs the slide captcha.
    if (smsCode) run({ account: checked.data.account, secret: checked.data.pwd, type: 'smsCode' });
    else dispatch({ type: 'askCaptcha' });
  }

  function onCaptchaVerified(captchaId: string) {
    dispatch({ type: 'captchaClosed' });
    const checked = loginInput(locale).safeParse({ account: form.phone, pwd: form.passwd, login_type: loginType.password });
    if (!checked.success) return fail(validationText(checked.error));
    run({ account: checked.data.account, secret: checked.data.pwd, type: 'password', captchaId });
  }
  const onCaptchaClose = useCallback(() => dispatch({ type: 'captchaClosed' }), []);

  const modeKey = modeKeys[mode];
  const phoneTyped = form.phone !== '';
  return (
    <DialogFrame
      open={open}
      className={styles.dialog}
      aria-labelledby={titleId}
      data-mode={mode}
      onDismiss={closeLogin}
      onClose={() => {
        if (open) closeLogin();
      }}
    >
      <div className={styles.layout}>
        <aside className={styles.art} aria-hidden="true">
          <div className={styles.artGlow} />
          <p className={styles.artKicker}>{t('artKicker')}</p>
          <p className={styles.artTitle}>{t('artTitle')}</p>
          <ul className={styles.artPoints}>
            <li>{t('artPoints.live')}</li>
            <li>{t('artPoints.chat')}</li>
            <li>{t('artPoints.follow')}</li>
          </ul>
        </aside>

        <section className={styles.panel}>
          <button type="button" className={styles.close} aria-label={t('close')} onClick={closeLogin}>
            <CloseIcon size={20} />
          </button>
          <header className={styles.heading}>
            <h2 id={titleId} className={styles.title}>
              {t(`titles.${modeKey}`)}
            </h2>
            <p className={styles.subtitle}>{t(`subtitles.${modeKey}`)}</p>
          </header>

          {mode === dialogMode.forgotPassword ? (
            <ForgotPassword state={state} dispatch={dispatch} locale={locale} sendControl={sendControl} />
          ) : (
            // A new mode is a new form: its first field left to fill takes the focus (the phone is kept across modes),
            // rather than the focus staying on the link that switched, which now reads the other way.
            <form key={mode} className={styles.form} onSubmit={submit} noValidate>
              <PhoneField value={form.phone} onChange={edit('phone')} locale={locale} disabled={pending} autoFocus={!phoneTyped} />
              {mode === dialogMode.smsCode ? (
                <CodeField
                  value={form.code}
                  onChange={edit('code')}
                  disabled={pending}
                  autoFocus={phoneTyped}
                  sendLabel={sendControl.label}
                  sendDisabled={sendControl.disabled}
                  onSend={() => void sendControl.send(form.phone, 'login')}
                />
              ) : (
                <PasswordField
                  name="passwd"
                  value={form.passwd}
                  onChange={edit('passwd')}
                  disabled={pending}
                  autoFocus={phoneTyped}
                  label={t('password')}
                  placeholder={t('passwordPlaceholder')}
                  autoComplete="current-password"
                />
              )}
              <p className={styles.error} role="alert">
                {state.error}
              </p>
              <button type="submit" className={styles.primary} disabled={!canSubmitLogin(state)}>
                {pending ? t('loggingIn') : t('login')}
              </button>
              <div className={styles.links}>
                {mode === dialogMode.smsCode ? (
                  <button type="button" className={styles.textButton} onClick={() => dispatch({ type: 'usePassword' })} disabled={pending}>
                    <LockIcon size={16} />
                    {t('usePassword')}
                  </button>
                ) : (
                  <button type="button" className={styles.textButton} onClick={() => dispatch({ type: 'useSmsCode' })} disabled={pending}>
                    <MessageCodeIcon size={16} />
                    {t('useSmsCode')}
                  </button>
                )}
                <button type="button" className={styles.textButton} onClick={() => dispatch({ type: 'forgotPassword' })} disabled={pending}>
                  {t('forgot')}
                </button>
              </div>
              {mode === dialogMode.smsCode ? (
                <p className={styles.notice}>
                  <ShieldCheckIcon size={16} />
                  {t('autoRegister')}
                </p>
              ) : null}
            </form>
          )}
        </section>
      </div>
      {state.captchaOpen ? <CaptchaPopup onVerified={onCaptchaVerified} onClose={onCaptchaClose} /> : null}
    </DialogFrame>
  );
}
