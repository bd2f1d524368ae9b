import { createDeviceIdResolver, deviceIdStorageKey } from '@/lib/http/device-id';

/** Just enough of IndexedDB for one object store: requests answer asynchronously, as in a browser. */
function installFakeIndexedDb(): Map<string, unknown> {
  const rows = new Map<string, unknown>();
  const request = <T>(result: () => T) => {
    const pending: { result?: T; onsuccess?: () => void; onerror?: () => void; onupgradeneeded?: () => void; onblocked?: () => void } = {};
    setTimeout(() => {
      pending.result = result();
      pending.onsuccess?.();
    });
    return pending;
  };
  const store = { get: (key: string) => request(() => rows.get(key)), put: (value: unknown, key: string) => request(() => rows.set(key, value)) };
  const database = { transaction: () => ({ objectStore: () => store }), createObjectStore: () => store, close: () => undefined };
  Object.defineProperty(globalThis, 'indexedDB', { value: { open: () => request(() => database) }, configurable: true });
  return rows;
}

beforeEach(() => localStorage.clear());
afterEach(() => Reflect.deleteProperty(globalThis, 'indexedDB'));

describe('device id (device-info header)', () => {
  it('fingerprints once however many requests ask at the same time, and keeps the result as device_no', async () => {
    const compute = jest.fn(async () => 'fp-abc');
    const resolve = createDeviceIdResolver(compute);
    await expect(Promise.all([resolve(), resolve(), resolve()])).resolves.toEqual(['fp-abc', 'fp-abc', 'fp-abc']);
    expect(compute).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(deviceIdStorageKey)).toBe('fp-abc');
  });

  it('reuses the stored device_no on a later visit without fingerprinting again', async () => {
    localStorage.setItem(deviceIdStorageKey, 'fp-from-last-visit');
    const compute = jest.fn(async () => 'fp-new');
    await expect(createDeviceIdResolver(compute)()).resolves.toBe('fp-from-last-visit');
    expect(compute).not.toHaveBeenCalled();
  });

  it('still sends a stable id when fingerprinting is blocked', async () => {
    const resolve = createDeviceIdResolver(async () => {
      throw new Error('canvas blocked');
    });
    const first = await resolve();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    await expect(resolve()).resolves.toBe(first);
  });

  it('keeps the id in IndexedDB too, so clearing localStorage at logout does not change the device', async () => {
    const rows = installFakeIndexedDb();
    const first = await createDeviceIdResolver(async () => 'fp-first')();
    // The copy is written in the background.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(rows.get(deviceIdStorageKey)).toBe('fp-first');
    localStorage.clear();
    const compute = jest.fn(async () => 'fp-different');
    await expect(createDeviceIdResolver(compute)()).resolves.toBe(first);
    expect(compute).not.toHaveBeenCalled();
    expect(localStorage.getItem(deviceIdStorageKey)).toBe('fp-first');
  });
});
