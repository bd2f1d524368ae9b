// Who the built-in provider `sc` signs in as: the stored session's credential when the visitor is signed in,
// otherwise a guest identity from /api/scIm/getUserSig, kept in sessionStorage until shortly before it expires.
import { readStoredCredential } from '@/lib/http/stored-session';
import type { GuestIdentity } from '@/lib/validation/chat';
import type { ImCredentials } from './types';

const guestIdentityStorageKey = 'sc_im_guest';
/** A guest sig is renewed this long before it expires. */
const renewBeforeMs = 10 * 60_000;

function expiresAt(sig: string): number {
  const seconds = Number(sig.split('.')[0]);
  return Number.isFinite(seconds) ? seconds * 1000 : 0;
}

function readKeptGuest(): GuestIdentity | undefined {
  try {
    const kept: unknown = JSON.parse(sessionStorage.getItem(guestIdentityStorageKey) ?? 'null');
    if (typeof kept !== 'object' || kept === null || !('id' in kept) || !('sig' in kept)) return undefined;
    const { id, sig } = kept;
    if (typeof id !== 'string' || typeof sig !== 'string' || expiresAt(sig) - renewBeforeMs < Date.now()) return undefined;
    return { id, sig };
  } catch {
    return undefined;
  }
}

export function forgetGuestIdentity(): void {
  try {
    sessionStorage.removeItem(guestIdentityStorageKey);
  } catch {
    // Nothing kept.
  }
}

export function scCredentials(fetchGuest: () => Promise<GuestIdentity>): () => Promise<ImCredentials> {
  return async () => {
    const token = readStoredCredential();
    if (token) return { token };
    const guest = readKeptGuest() ?? (await fetchGuest());
    try {
      sessionStorage.setItem(guestIdentityStorageKey, JSON.stringify(guest));
    } catch {
      // Blocked storage: a new guest id next time.
    }
    return { uid: guest.id, sig: guest.sig };
  };
}
