// When the live player may work: its engine (mpegts.js, hls.js: tens of kB to parse and run) starts once the page
// has loaded and gone idle, so it never competes with the room's first paint and hydration; and the page being
// hidden is something the player reads (a silent video stops its engine until the viewer comes back).
import { useSyncExternalStore } from 'react';

/** At most this long from the player's mount to the page's load event, then at most this long for an idle moment:
 * on a desktop the video starts within about a second even while a slow resource holds the load event back. */
export const loadWaitMs = 700;
export const idleWaitMs = 300;

function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    // Safari has no requestIdleCallback: the next task is the closest it offers.
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: idleWaitMs });
    else setTimeout(resolve, 0);
  });
}

/** Resolves after the page's load event (or loadWaitMs) and then an idle moment (or idleWaitMs). */
export function afterPageSettled(): Promise<void> {
  if (document.readyState === 'complete') return whenIdle();
  return new Promise<void>((resolve) => {
    const settle = () => {
      clearTimeout(timer);
      window.removeEventListener('load', settle);
      resolve();
    };
    const timer = setTimeout(settle, loadWaitMs);
    window.addEventListener('load', settle);
  }).then(whenIdle);
}

function subscribeVisibility(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

/** Whether the page is hidden (a background tab, a locked phone); false while rendering on the server. */
export function usePageHidden(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState === 'hidden',
    () => false,
  );
}
