// The signed-in user as the browser keeps it (spec §3 user info): the shape read from getUserInfo and the
// login reply, parsed rather than trusted, and its copy in localStorage `userInfo`.
// zod/mini, imported by name: this module loads on every page, and only what it names is bundled.
import { catch as fallback, coerce, extend, int, literal, minLength, object, pipe, positive, string, type infer as Infer } from 'zod/mini';
import { storedSessionKeys } from '@/lib/http';

// Zod 4 numbers are finite: a non-number or Infinity falls back to 0.
const count = fallback(coerce.number(), 0);
const flag = fallback(pipe(coerce.number(), literal([0, 1])), 0);
const text = fallback(string(), '');

export const userInfoSchema = object({
  id: pipe(coerce.number(), int().check(positive())),
  nick_name: text,
  avatar: text,
  level: count,
  process: count,
  remainder: count,
  /** Hundredths; shown /100 as gems. */
  diamond: count,
  /** Hundredths; shown /100 as diamonds. */
  gold: count,
  mobile: text,
  formatPhone: text,
  sig: text,
  vip_level: count,
  is_anchor: flag,
  has_password: flag,
  /** Unix seconds from which the nickname may change again; 0 when it may change now. */
  nickname_change_at: count,
});

export type UserInfo = Infer<typeof userInfoSchema>;

/** A login or registration reply: the user info plus the session token. */
export const signedInSchema = extend(userInfoSchema, { token: string().check(minLength(1)) });
export type SignedIn = Infer<typeof signedInSchema>;

export function parseUserInfo(data: unknown): UserInfo | null {
  const parsed = userInfoSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** The stored copy, or null when there is none or it no longer parses. */
export function readStoredUserInfo(): UserInfo | null {
  try {
    const text = localStorage.getItem(storedSessionKeys.userInfo);
    return text ? parseUserInfo(JSON.parse(text)) : null;
  } catch {
    return null;
  }
}

export function writeStoredUserInfo(info: UserInfo): void {
  try {
    localStorage.setItem(storedSessionKeys.userInfo, JSON.stringify(info));
  } catch {
    // Storage full or blocked: the card still shows what the server sent this time.
  }
}
