// The device fingerprint sent as `device-info` (spec §7), computed once per browser and kept in
// localStorage `device_no` and in IndexedDB (spec §3), so clearing localStorage at logout does not change it.
// Computing it is about a second of CPU on a phone, so it waits for the page to be idle, and nothing but a login
// waits for it: requests and the chat connection go without it until it is known (the server needs it only to
// name a session's device).
import { whenIdle } from '@/lib/browser-idle';

export const deviceIdStorageKey = 'device_no';
const databaseName = 'sportcast';
const storeName = 'device';

export type ComputeFingerprint = () => Promise<string>;

/** FingerprintJS, loaded only when needed: it touches browser APIs and is not wanted on the server. */
const computeBrowserFingerprint: ComputeFingerprint = async () => {
  const { load } = await import('@fingerprintjs/fingerprintjs');
  // monitoring off: a self-hosted product makes no calls to the library vendor.
  const agent = await load({ monitoring: false });
  return (await agent.get()).visitorId;
};

/** Long enough for a page to paint, hydrate and start its video first; short enough that the id comes in this visit. */
const idleTimeoutMs = 10_000;

/** The fingerprint, started when the page is first idle rather than while it loads. */
const computeBrowserFingerprintWhenIdle: ComputeFingerprint = () => whenIdle(idleTimeoutMs).then(computeBrowserFingerprint);

function readLocal(): string | undefined {
  try {
    return localStorage.getItem(deviceIdStorageKey) || undefined;
  } catch {
    return undefined;
  }
}

function writeLocal(deviceId: string): void {
  try {
    localStorage.setItem(deviceIdStorageKey, deviceId);
  } catch {
    // Storage full or blocked: the id is still sent, only recomputed next visit.
  }
}

function openDeviceDatabase(): Promise<IDBDatabase | undefined> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const request = indexedDB.open(databaseName, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(storeName);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(undefined);
    request.onblocked = () => resolve(undefined);
  });
}

/** Best effort: any IndexedDB failure reads as "nothing stored". */
async function readIndexedDb(): Promise<string | undefined> {
  const database = await openDeviceDatabase();
  if (!database) return undefined;
  return new Promise((resolve) => {
    try {
      const request = database.transaction(storeName, 'readonly').objectStore(storeName).get(deviceIdStorageKey);
      request.onsuccess = () => resolve(typeof request.result === 'string' && request.result ? request.result : undefined);
      request.onerror = () => resolve(undefined);
    } catch {
      resolve(undefined);
    } finally {
      database.close();
    }
  });
}

async function writeIndexedDb(deviceId: string): Promise<void> {
  const database = await openDeviceDatabase();
  if (!database) return;
  try {
    database.transaction(storeName, 'readwrite').objectStore(storeName).put(deviceId, deviceIdStorageKey);
  } catch {
    // Best effort, as above.
  } finally {
    database.close();
  }
}

/** When fingerprinting fails (blocked APIs), a random id still keeps this browser recognisable. */
function randomDeviceId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Returns a resolver that yields the same id on every call: the stored one, else a fresh fingerprint,
 * computed at most once however many requests ask at the same time.
 */
export function createDeviceIdResolver(compute: ComputeFingerprint = computeBrowserFingerprint): () => Promise<string> {
  let pending: Promise<string> | undefined;
  const resolveOnce = async (): Promise<string> => {
    const local = readLocal();
    if (local) return local;
    const kept = await readIndexedDb();
    const deviceId = kept ?? (await compute().catch(randomDeviceId));
    writeLocal(deviceId);
    // Not awaited: the first request need not wait for the copy.
    if (!kept) void writeIndexedDb(deviceId);
    return deviceId;
  };
  return () => {
    // After logout cleared localStorage, look again rather than trusting the memo.
    const local = readLocal();
    if (local) return Promise.resolve(local);
    pending ??= resolveOnce().finally(() => {
      pending = undefined;
    });
    return pending;
  };
}

/** This browser's id, one resolver for the whole page so the fingerprint is computed once. */
export const browserDeviceId = createDeviceIdResolver(computeBrowserFingerprintWhenIdle);

/**
 * The id when `resolve` has it at once (stored, or already computed); else undefined, and `resolve` goes on in
 * the background so a later call has it.
 */
export function deviceIdIfReady(resolve: () => Promise<string>): Promise<string | undefined> {
  const resolving = resolve().catch(() => undefined);
  return Promise.race([resolving, new Promise<undefined>((done) => setTimeout(done, 0))]);
}
