'use client';
// The "get code" control (spec §4, §5, §7): checks the phone with the shared schema, sends, then counts down
// 60 s during which sending is blocked. Only a login code toasts "sent successfully"; a failure toasts its error.
import { useState } from 'react';
import { useTranslations } from 'next-intl';
import type { Locale } from '@/lib/i18n/locales';
import { sendCodeInput } from '@/lib/validation/auth';
import { useToast } from '@/stores/toast-store';
import { sendCode } from './auth-api';
import { errorText } from '@/lib/http/error-text';
import { useCountdown } from './use-countdown';
import { useValidationText } from './validation-text';

export type SendCodeControl = {
  label: string;
  disabled: boolean;
  send: (phone: string, purpose: 'login' | 'reset') => Promise<void>;
};

/** `onInvalid` receives the validation message for the error line. */
export function useSendCode(locale: Locale, onInvalid: (message: string) => void): SendCodeControl {
  const t = useTranslations('account.dialog');
  const showToast = useToast();
  const validationText = useValidationText();
  const countdown = useCountdown();
  const [sending, setSending] = useState(false);

  async function send(phone: string, purpose: 'login' | 'reset') {
    if (countdown.running || sending) return;
    const checked = sendCodeInput(locale).safeParse({ mobile: phone, is_change_mobile: purpose === 'reset' ? 1 : 0 });
    if (!checked.success) {
      onInvalid(validationText(checked.error));
      return;
    }
    setSending(true);
    try {
      await sendCode(checked.data.mobile, purpose);
      countdown.start();
      if (purpose === 'login') showToast(t('codeSent'), 'success');
    } catch (error) {
      showToast(errorText(error, t('sendFailed')), 'error');
    } finally {
      setSending(false);
    }
  }

  const label = countdown.running ? t('countdown', { seconds: countdown.secondsLeft }) : countdown.startedOnce ? t('resend') : t('sendCode');
  return { label, disabled: countdown.running || sending, send };
}
