// The signed-in user as the browser keeps it (spec §3 user info): the shape read from getUserInfo and the
// login reply, parsed rather than trusted, and its copy in localStorage `userInfo`.
import { z } from 'zod';
import { storedSessionKeys } from '@/lib/http';

const count = z.coerce.number().finite().catch(0);
const flag = z.coerce.number().pipe(z.literal([0, 1])).catch(0);

export const userInfoSchema = z.object({
  id: z.coerce.number().int().positive(),
  nick_name: z.string().catch(''),
  avatar: z.string().catch(''),
  level: count,
  process: count,
  remainder: count,
  /** Hundredths; shown /100 as gems. */
  diamond: count,
  /** Hundredths; shown /100 as diamonds. */
  gold: count,
  mobile: z.string().catch(''),
  formatPhone: z.string().catch(''),
  sig: z.string().catch(''),
  vip_level: count,
  is_anchor: flag,
  has_password: flag,
  /** Unix seconds from which the nickname may change again; 0 when it may change now. */
  nickname_change_at: count,
});

export type UserInfo = z.infer<typeof userInfoSchema>;

/** A login or registration reply: the user info plus the session token. */
export const signedInSchema = userInfoSchema.extend({ token: z.string().min(1) });
export type SignedIn = z.infer<typeof signedInSchema>;

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
