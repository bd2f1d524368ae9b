// What every SMS sender does: deliver one verification code to one phone.
import type { SmsCodePurpose } from '@/lib/db/schema';

export type SmsMessage = { mobile: string; code: string; purpose: SmsCodePurpose };

export interface SmsSender {
  readonly kind: 'console' | 'tencent' | 'aliyun';
  /** Resolves once the provider accepted the message; rejects with a reason for the log otherwise. */
  send(message: SmsMessage): Promise<void>;
}
