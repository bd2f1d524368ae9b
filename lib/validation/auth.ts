// Account inputs (spec §5): one schema per input, shared by the login dialog's forms and the route handlers; and
// the replies of the sign-in steps (the user info itself and the profile's replies are in users.ts).
// Messages are keys of messages/*/validation.json, so form and handler say the same words in both languages.
// The phone rule depends on the locale, so phone-carrying schemas are factories taking the request's locale.
import { z } from 'zod';
import type { Locale } from '@/lib/i18n/locales';

/** Spec §5: in zh-CN 11 digits, 1 then 3–9 then 9 digits. */
const chinaMobilePattern = /^1[3-9]\d{9}$/;
/** Elsewhere an international number with its country code (E.164 allows up to 15 digits); a leading + is dropped. */
const internationalPattern = /^\+?\d{6,15}$/;

export const smsCodeLength = 6;
const newPasswordMin = 6;
const newPasswordMax = 12;
const loginPasswordMin = 6;
// Not a spec limit: keeps an attacker from making the server hash megabytes.
const loginPasswordMax = 128;
const nicknameMin = 2;
export const nicknameMax = 8;
/** Spec §5: a nickname, once changed, stays for this many days. */
export const nicknameCooldownDays = 7;
export const avatarMaxBytes = 2 * 1024 * 1024;

const lettersAndDigits = (value: string) => /[A-Za-z]/.test(value) && /\d/.test(value);

/** The phone as the server stores it: digits only, spaces (and a leading +) removed. */
export function phoneSchema(locale: Locale) {
  const pattern = locale === 'zh-CN' ? chinaMobilePattern : internationalPattern;
  return z
    .string('validation.phoneRequired')
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().min(1, 'validation.phoneRequired').regex(pattern, 'validation.phoneInvalid'))
    .transform((value) => value.replace(/^\+/, ''));
}

export const smsCodeSchema = z
  .string('validation.codeRequired')
  .trim()
  .min(1, 'validation.codeRequired')
  .regex(new RegExp(`^\\d{${smsCodeLength}}$`), 'validation.codeInvalid');

/** The password typed to log in: the spec's minimum of 6, letters and digits both. */
const loginPasswordSchema = z
  .string('validation.passwordRequired')
  .trim()
  .min(1, 'validation.passwordRequired')
  .min(loginPasswordMin, 'validation.passwordTooShort')
  .max(loginPasswordMax, 'validation.loginPasswordTooLong')
  .refine(lettersAndDigits, 'validation.passwordLettersAndDigits');

/** A password being set (forgot-password step 2, password set or change): 6 to 12, letters and digits. */
const newPasswordSchema = z
  .string('validation.passwordRequired')
  .trim()
  .min(1, 'validation.passwordRequired')
  .min(newPasswordMin, 'validation.passwordTooShort')
  .max(newPasswordMax, 'validation.passwordTooLong')
  .refine(lettersAndDigits, 'validation.passwordLettersAndDigits');

/** The form's two new-password fields (passwd1, passwd2 in §3's login form); the second must match. */
export const newPasswordPairSchema = z
  .object({ passwd1: newPasswordSchema, passwd2: z.string('validation.passwordRequired').trim() })
  .refine((pair) => pair.passwd1 === pair.passwd2, { message: 'validation.passwordMismatch', path: ['passwd2'] });

/** Spec §3 login request `login_type`: 2 SMS code, 1 password. */
export const loginType = { password: 1, smsCode: 2 } as const;

const deviceInfoSchema = z.string().trim().max(128).default('');
const websiteSchema = z.string().trim().max(253).default('');
const mobileHashSchema = z.string('validation.mobileHashRequired').trim().min(1, 'validation.mobileHashRequired').max(200);

/** POST /api/user/sendCode. `is_change_mobile` 0 asks for a login code, 1 for a password-reset code. */
export function sendCodeInput(locale: Locale) {
  return z.object({
    mobile: phoneSchema(locale),
    is_change_mobile: z.coerce.number().pipe(z.literal([0, 1])).default(0),
  });
}

// Challenge ids are base64url (lib/server/captcha/challenges.ts); anything else, a NUL byte included (which Postgres
// refuses in text, so the lookup failed as an internal error), names no challenge.
const captchaId = z.string().trim().max(64).regex(/^[\w-]*$/);

/**
 * POST /api/user/login. `pwd` holds the SMS code (login_type 2) or the password (login_type 1).
 * The password path also needs `captcha_id`: the id of a slide captcha solved with /api/captcha_verify.
 */
export function loginInput(locale: Locale) {
  return z
    .object({
      account: phoneSchema(locale),
      pwd: z.string().default(''),
      login_type: z.coerce.number().pipe(z.literal([loginType.password, loginType.smsCode])),
      platform: z.coerce.number().int().min(0).max(9).default(0),
      source_id: z.coerce.number().int().min(0).default(10001),
      website: websiteSchema,
      captcha_id: captchaId.default(''),
    })
    .superRefine((input, ctx) => {
      const rule = input.login_type === loginType.smsCode ? smsCodeSchema : loginPasswordSchema;
      const checked = rule.safeParse(input.pwd);
      if (!checked.success) ctx.addIssue({ code: 'custom', message: checked.error.issues[0].message, path: ['pwd'] });
    })
    .transform((input) => ({ ...input, pwd: input.pwd.trim() }));
}

/** POST /webapi/user/register: the §3 registration payload, after a login answered 301 with `mobile_hash`. */
export function registerInput(locale: Locale) {
  return z.object({
    account: phoneSchema(locale),
    mobile_hash: mobileHashSchema,
    // The spec sends it empty; a non-empty one must follow the new-password rules.
    pwd: z
      .string()
      .trim()
      .default('')
      .superRefine((value, ctx) => {
        const checked = value === '' ? undefined : newPasswordSchema.safeParse(value);
        if (checked && !checked.success) ctx.addIssue({ code: 'custom', message: checked.error.issues[0].message });
      }),
    platform: z.coerce.number().int().min(0).max(9).default(0),
    sex: z.coerce.number().int().min(0).max(2).default(0),
    device_info: deviceInfoSchema,
    reg_source_id: z.string().trim().max(32).default(''),
    website: websiteSchema,
    anchor_id: z.coerce.number().int().min(0).default(0),
  });
}

/** POST /api/user/readyForTakeOff: forgot-password step 1 (phone and reset code). */
export function readyForTakeOffInput(locale: Locale) {
  return z.object({ mobile: phoneSchema(locale), smscode: smsCodeSchema });
}

/** POST /api/user/forgetPwdHash: forgot-password step 2 (the new password, with step 1's proof). */
export function forgetPwdHashInput(locale: Locale) {
  return z.object({ mobile: phoneSchema(locale), mobile_hash: mobileHashSchema, pwd: newPasswordSchema });
}

/** POST /api/user/setPassword: `old_pwd` is needed only when the account already has a password. */
export const setPasswordInput = z
  .object({
    old_pwd: z.string().trim().max(loginPasswordMax).default(''),
    pwd: newPasswordSchema,
    pwd_confirm: z.string('validation.passwordRequired').trim(),
  })
  .refine((input) => input.pwd === input.pwd_confirm, { message: 'validation.passwordMismatch', path: ['pwd_confirm'] });

/** POST /api/user/updateNickname: 2 to 8 characters (counted as the user sees them), trimmed. */
export const updateNicknameInput = z.object({
  nick_name: z
    .string('validation.nicknameLength')
    .trim()
    .refine((value) => !/[\p{Cc}\p{Cf}\u2028\u2029]/u.test(value), 'validation.nicknameInvalid')
    .refine((value) => {
      const length = Array.from(value).length;
      return length >= nicknameMin && length <= nicknameMax;
    }, 'validation.nicknameLength'),
});

/** POST /api/user/uploadAvatar (multipart, field `file`). The server also checks the content itself. */
export const uploadAvatarInput = z.object({
  file: z.file('validation.avatarRequired').min(1, 'validation.avatarRequired').max(avatarMaxBytes - 1, 'validation.avatarTooLarge'),
});

/** POST /api/captcha_verify: the slider's x, scaled to the 590-px-wide image. */
export const captchaVerifyInput = z.object({
  id: captchaId.min(1),
  x: z.coerce.number().finite().min(0).max(590),
});

// ── Replies ─────────────────────────────────────────────────────────────────────────────────────

/** POST /api/user/readyForTakeOff: the proof that forgot-password step 2 spends. */
export const readyForTakeOffReply = z.object({ mobile_hash: z.string().min(1) });
export type ReadyForTakeOffReply = z.infer<typeof readyForTakeOffReply>;

/** POST /api/captcha_path (spec §3 captcha): the picture, the piece and the row of the piece's top edge (image pixels). */
export const captchaPathReply = z.object({ id: z.string().min(1), image: z.string().min(1), slide: z.string().min(1), y: z.number().finite() });
export type CaptchaChallenge = z.infer<typeof captchaPathReply>;

