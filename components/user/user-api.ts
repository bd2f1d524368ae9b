// The signed-in user's own calls (spec §7): user info, anchor status, logout and profile changes.
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/http';
import { deviceIdStorageKey } from '@/lib/http/device-id';
import {
  anchorStatusReply,
  passwordMessageReply,
  updateNicknameReply,
  uploadAvatarReply,
  userInfoSchema,
  type AnchorStatus,
  type UserInfo,
} from '@/lib/validation/users';

export const userQueryKeys = {
  info: ['user', 'info'] as const,
  anchorStatus: ['user', 'anchorStatus'] as const,
};

/** GET /api/user/getUserInfo. */
export const userInfoQuery = queryOptions({
  queryKey: userQueryKeys.info,
  queryFn: async (): Promise<UserInfo> => userInfoSchema.parse(await api.get('/api/user/getUserInfo')),
});

/** POST /api/user/checkAnchorStatus. Fresh each time: going live changes it. */
export const anchorStatusQuery = queryOptions({
  queryKey: userQueryKeys.anchorStatus,
  queryFn: async (): Promise<AnchorStatus> => anchorStatusReply.parse(await api.post('/api/user/checkAnchorStatus')),
  staleTime: 0,
});

/** POST /api/user/logout. */
export async function logout(): Promise<void> {
  await api.post('/api/user/logout');
}

/** Spec §4: a confirmed logout clears all local storage; the device id stays, it names the browser, not the user. */
export function clearLocalDataExceptDevice(): void {
  try {
    const keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index));
    for (const key of keys) if (key !== null && key !== deviceIdStorageKey) localStorage.removeItem(key);
  } catch {
    // Blocked storage holds nothing to clear.
  }
}

/** POST /api/user/updateNickname. */
export async function updateNickname(nickName: string): Promise<string> {
  const data = await api.post('/api/user/updateNickname', { nick_name: nickName });
  return updateNicknameReply.parse(data).nick_name;
}

/** POST /api/user/uploadAvatar (multipart, field `file`): the new avatar's URL. */
export async function uploadAvatar(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  const data = await api.post('/api/user/uploadAvatar', body);
  return uploadAvatarReply.parse(data).avatar;
}

/** POST /api/user/setPassword: `old_pwd` only when the account already has a password. */
export async function setPassword(input: { oldPassword: string; password: string; confirmation: string }): Promise<string> {
  const data = await api.post('/api/user/setPassword', { old_pwd: input.oldPassword, pwd: input.password, pwd_confirm: input.confirmation });
  return passwordMessageReply.parse(data).msg;
}
