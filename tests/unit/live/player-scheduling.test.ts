// The player's engine waits for the room's page to load and go idle, never much longer than a second, and the
// player knows when the page is hidden (issue 22: nothing heavy before the first paint, nothing needless hidden).
import { act, renderHook } from '@testing-library/react';
import { afterPageSettled, idleWaitMs, loadWaitMs } from '@/components/live/player-scheduling';
import { usePageVisible } from '@/stores/page-visibility';

type IdleCallback = () => void;
let idleCallbacks: { callback: IdleCallback; timeout: number | undefined }[] = [];

function setDocument(property: 'readyState' | 'visibilityState', value: string) {
  Object.defineProperty(document, property, { configurable: true, get: () => value });
}

/** Resolves to whether `promise` settled by now (after pending microtasks). */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await act(async () => undefined);
  return done;
}

beforeEach(() => {
  jest.useFakeTimers();
  idleCallbacks = [];
  window.requestIdleCallback = ((callback: IdleCallback, options?: { timeout?: number }) => {
    idleCallbacks.push({ callback, timeout: options?.timeout });
    return idleCallbacks.length;
  }) as typeof window.requestIdleCallback;
});

afterEach(() => {
  jest.useRealTimers();
  setDocument('readyState', 'complete');
  setDocument('visibilityState', 'visible');
});

describe('afterPageSettled', () => {
  it('waits for the load event, then for an idle moment (at most idleWaitMs)', async () => {
    setDocument('readyState', 'interactive');
    const ready = afterPageSettled();
    expect(await settled(ready)).toBe(false);
    window.dispatchEvent(new Event('load'));
    expect(await settled(ready)).toBe(false);
    expect(idleCallbacks).toHaveLength(1);
    expect(idleCallbacks[0].timeout).toBe(idleWaitMs);
    idleCallbacks[0].callback();
    expect(await settled(ready)).toBe(true);
  });

  it('stops waiting for a load event that is late after loadWaitMs', async () => {
    setDocument('readyState', 'interactive');
    const ready = afterPageSettled();
    jest.advanceTimersByTime(loadWaitMs - 1);
    await settled(ready);
    expect(idleCallbacks).toHaveLength(0);
    jest.advanceTimersByTime(1);
    await settled(ready);
    expect(idleCallbacks).toHaveLength(1);
    idleCallbacks[0].callback();
    expect(await settled(ready)).toBe(true);
    // Together about a second: the video still starts promptly on a desktop.
    expect(loadWaitMs + idleWaitMs).toBeLessThanOrEqual(1000);
  });

  it('only waits for an idle moment on a page that has loaded, or for the next task where there is no idle callback', async () => {
    const ready = afterPageSettled();
    expect(idleCallbacks).toHaveLength(1);
    idleCallbacks[0].callback();
    expect(await settled(ready)).toBe(true);

    Reflect.deleteProperty(window, 'requestIdleCallback');
    const safari = afterPageSettled();
    expect(await settled(safari)).toBe(false);
    jest.advanceTimersByTime(0);
    expect(await settled(safari)).toBe(true);
  });
});

describe('usePageVisible', () => {
  it('follows the page going to the background and back', () => {
    const { result } = renderHook(() => !usePageVisible());
    expect(result.current).toBe(false);
    act(() => {
      setDocument('visibilityState', 'hidden');
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(result.current).toBe(true);
    act(() => {
      setDocument('visibilityState', 'visible');
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(result.current).toBe(false);
  });
});
