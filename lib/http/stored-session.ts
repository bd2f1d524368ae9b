// The signed-in session as the browser keeps it (spec §3 "stored locally": userInfo, token, id).
// The HTTP client reads it for the Authorization header and clears it when the server says the session expired.

export const storedSessionKeys = { token: 'token', id: 'id', userInfo: 'userInfo' } as const;

function storage(): Storage | undefined {
  // Private modes and server rendering have no usable localStorage.
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** Saves what a successful login or registration returned. */
export function saveStoredSession(session: { token: string; id: number | string; userInfo?: unknown }): void {
  const store = storage();
  if (!store) return;
  store.setItem(storedSessionKeys.token, session.token);
  store.setItem(storedSessionKeys.id, String(session.id));
  if (session.userInfo !== undefined) store.setItem(storedSessionKeys.userInfo, JSON.stringify(session.userInfo));
}

/** The server replaced the session's token (it does so every hour or so): the next requests carry the new one. */
export function replaceStoredToken(token: string): void {
  const store = storage();
  if (store?.getItem(storedSessionKeys.token)) store.setItem(storedSessionKeys.token, token);
}

/** The spec's "token and uid combined": `<uid>.<token>`, or undefined when no session is stored. */
export function readStoredCredential(): string | undefined {
  const store = storage();
  const token = store?.getItem(storedSessionKeys.token);
  const id = store?.getItem(storedSessionKeys.id);
  if (!token || !id || !/^\d+$/.test(id)) return undefined;
  return `${id}.${token}`;
}

/** The signed-in account's id from the stored session, before the stored user info is restored. */
export function readStoredUserId(): number | undefined {
  const credential = readStoredCredential();
  return credential ? Number(credential.split('.')[0]) : undefined;
}

/** Spec §4 forced logout: the stored user, token and id go; with them the id and balances read as empty. */
export function clearStoredSession(): void {
  const store = storage();
  if (!store) return;
  for (const key of Object.values(storedSessionKeys)) store.removeItem(key);
}
