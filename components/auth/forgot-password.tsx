'use client';
// Forgot password (mode 3, spec §2.4 item 1, §4, §7): step 1 proves the phone with a reset code
// (readyForTakeOff → mobile_hash), step 2 sets the new password (forgetPwdHash, whose msg is toasted a second
// later), step 3 says it is done and leads back to password login.
import type { Dispatch, FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import type { Locale } from '@/lib/i18n/locales';
import { forgetPwdHashInput, newPasswordPairSchema, readyForTakeOffInput } from '@/lib/validation/auth';
import { useToast } from '@/stores/toast-store';
import { forgetPwdHash, readyForTakeOff } from './auth-api';
import { errorText } from '@/lib/http/error-text';
import { CheckCircleIcon } from '@/components/shell/icons';
import { CodeField, PasswordField, PhoneField } from './login-fields';
import { forgotStep, type LoginDialogAction, type LoginDialogState, type LoginField } from './login-dialog-machine';
import type { SendCodeControl } from './use-send-code';
import { useValidationText } from './validation-text';
import styles from './login-dialog.module.css';

/** Spec §7: forgetPwdHash's data.msg is shown one second after the reply. */
const resetNoticeDelayMs = 1000;

const stepKeys = ['verify', 'password', 'done'] as const;

function StepIndicator({ step }: { step: number }) {
  const t = useTranslations('account.forgot');
  return (
    <ol className={styles.steps} aria-label={t('stepsLabel')}>
      {stepKeys.map((key, index) => {
        const number = index + 1;
        const status = number < step ? 'done' : number === step ? 'current' : 'next';
        return (
          <li key={key} className={styles.step} data-status={status} aria-current={status === 'current' ? 'step' : undefined}>
            <span className={styles.stepNumber} aria-hidden="true">
              {status === 'done' ? <CheckCircleIcon size={16} /> : number}
            </span>
            <span className={styles.stepLabel}>{t(`steps.${key}`)}</span>
          </li>
        );
      })}
    </ol>
  );
}

type ForgotPasswordProps = {
  state: LoginDialogState;
  dispatch: Dispatch<LoginDialogAction>;
  locale: Locale;
  sendControl: SendCodeControl;
};

const newPasswordLabels = {
  passwd1: { label: 'forgot.newPassword', placeholder: 'forgot.newPasswordPlaceholder' },
  passwd2: { label: 'forgot.confirmPassword', placeholder: 'forgot.confirmPasswordPlaceholder' },
} as const;

export function ForgotPassword({ state, dispatch, locale, sendControl }: ForgotPasswordProps) {
  const t = useTranslations('account');
  const tValidation = useTranslations('validation');
  const showToast = useToast();
  const validationText = useValidationText();
  const { form, pending } = state;
  const edit = (field: LoginField) => (value: string) => dispatch({ type: 'edit', field, value });

  async function verifyPhone() {
    const checked = readyForTakeOffInput(locale).safeParse({ mobile: form.phone, smscode: form.code });
    if (!checked.success) return dispatch({ type: 'fail', error: validationText(checked.error) });
    dispatch({ type: 'submit' });
    try {
      dispatch({ type: 'codeVerified', mobileHash: await readyForTakeOff(checked.data.mobile, checked.data.smscode) });
    } catch (error) {
      dispatch({ type: 'fail', error: errorText(error, t('dialog.requestFailed')) });
    }
  }

  async function setNewPassword() {
    const pair = newPasswordPairSchema.safeParse({ passwd1: form.passwd1, passwd2: form.passwd2 });
    if (!pair.success) return dispatch({ type: 'fail', error: validationText(pair.error) });
    const checked = forgetPwdHashInput(locale).safeParse({ mobile: form.phone, mobile_hash: state.mobileHash, pwd: pair.data.passwd1 });
    if (!checked.success) return dispatch({ type: 'fail', error: validationText(checked.error) });
    dispatch({ type: 'submit' });
    try {
      const notice = await forgetPwdHash(checked.data.mobile, checked.data.mobile_hash, checked.data.pwd);
      dispatch({ type: 'passwordChanged' });
      if (notice) setTimeout(() => showToast(notice, 'success'), resetNoticeDelayMs);
    } catch (error) {
      dispatch({ type: 'fail', error: errorText(error, t('dialog.requestFailed')) });
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    void (state.step === forgotStep.verifyPhone ? verifyPhone() : setNewPassword());
  }

  if (state.step === forgotStep.done) {
    return (
      <div className={styles.done}>
        <StepIndicator step={state.step} />
        <div className={styles.doneIcon}>
          <CheckCircleIcon size={36} />
        </div>
        <p className={styles.doneTitle}>{t('forgot.doneTitle')}</p>
        <p className={styles.doneText}>{t('forgot.doneText')}</p>
        <button type="button" className={styles.primary} onClick={() => dispatch({ type: 'backToLogin' })} autoFocus>
          {t('forgot.backToLogin')}
        </button>
      </div>
    );
  }

  const onVerifyStep = state.step === forgotStep.verifyPhone;
  const ready = onVerifyStep ? form.phone.trim() !== '' && form.code.trim() !== '' : form.passwd1.trim() !== '' && form.passwd2.trim() !== '';
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <StepIndicator step={state.step} />
      {onVerifyStep ? (
        <>
          <PhoneField value={form.phone} onChange={edit('phone')} locale={locale} disabled={pending} autoFocus />
          <CodeField
            value={form.code}
            onChange={edit('code')}
            disabled={pending}
            sendLabel={sendControl.label}
            sendDisabled={sendControl.disabled}
            onSend={() => void sendControl.send(form.phone, 'reset')}
          />
        </>
      ) : (
        <>
          {(['passwd1', 'passwd2'] as const).map((field) => (
            <PasswordField
              key={field}
              name={field}
              value={form[field]}
              onChange={edit(field)}
              disabled={pending}
              label={t(newPasswordLabels[field].label)}
              placeholder={t(newPasswordLabels[field].placeholder)}
              autoComplete="new-password"
            />
          ))}
          <p className={styles.hint}>{tValidation('newPasswordHint')}</p>
        </>
      )}
      <p className={styles.error} role="alert">
        {state.error}
      </p>
      <button type="submit" className={styles.primary} disabled={!ready || pending}>
        {onVerifyStep ? t('forgot.next') : t('forgot.confirm')}
      </button>
      <div className={styles.links}>
        {onVerifyStep ? (
          <button type="button" className={styles.textButton} onClick={() => dispatch({ type: 'backToLogin' })}>
            {t('forgot.backToLogin')}
          </button>
        ) : (
          <button type="button" className={styles.textButton} onClick={() => dispatch({ type: 'backToVerify' })} disabled={pending}>
            {t('forgot.back')}
          </button>
        )}
      </div>
    </form>
  );
}
