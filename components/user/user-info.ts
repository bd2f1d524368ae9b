// The signed-in user as the browser keeps it (spec §3 user info): the shape read from getUserInfo and the
// login reply (lib/validation/users.ts), parsed rather than trusted, and its copy in localStorage `userInfo`.
import { storedSessionKeys } from '@/lib/http';
import { userInfoSchema, type UserInfo } from '@/lib/validation/users';

function parseUserInfo(data: unknown): UserInfo | null {
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
