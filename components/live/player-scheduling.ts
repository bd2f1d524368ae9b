// When the live player may work: its engine (mpegts.js, hls.js: tens of kB to parse and run) starts once the page
// has loaded and gone idle, so it never competes with the room's first paint and hydration.
import { whenIdle } from '@/lib/browser-idle';

/** At most this long from the player's mount to the page's load event, then at most this long for an idle moment:
 * on a desktop the video starts within about a second even while a slow resource holds the load event back. */
export const loadWaitMs = 700;
export const idleWaitMs = 300;

/** Resolves after the page's load event (or loadWaitMs) and then an idle moment (or idleWaitMs). */
export function afterPageSettled(): Promise<void> {
  if (document.readyState === 'complete') return whenIdle(idleWaitMs);
  return new Promise<void>((resolve) => {
    const settle = () => {
      clearTimeout(timer);
      window.removeEventListener('load', settle);
      resolve();
    };
    const timer = setTimeout(settle, loadWaitMs);
    window.addEventListener('load', settle);
  }).then(() => whenIdle(idleWaitMs));
}
