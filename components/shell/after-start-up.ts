// Schedules start-up work that can wait (the first maintenance poll, and with it the HTTP client's wire half and
// the device fingerprint) until the page has loaded, settled and the browser is idle: on a slow phone the
// fingerprint alone is close to a second of main-thread work, which would otherwise land on the visitor's first
// taps and scrolls.

/** How long after the load event the page is left alone: hydration and the first interactions come first. */
export const startUpSettleMs = 4_000;
/** Once settled, the work waits for an idle moment, but no longer than this. */
const idleTimeoutMs = 2_000;

/** Start-up is over once the first settle time has passed: later calls (a language switch) only wait for idle. */
let settled = false;

/** Runs `task` once, after the load event, the settle time and the next idle moment; returns a function that cancels it. */
export function afterStartUp(task: () => void): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idleHandle: number | undefined;

  const run = () => {
    if (!cancelled) task();
  };
  const whenSettled = () => {
    if (cancelled) return;
    settled = true;
    // Safari has no requestIdleCallback: the settle time alone has to do.
    if (typeof window.requestIdleCallback === 'function') idleHandle = window.requestIdleCallback(run, { timeout: idleTimeoutMs });
    else run();
  };
  const afterLoad = () => {
    timer = setTimeout(whenSettled, startUpSettleMs);
  };

  if (settled) whenSettled();
  else if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });

  return () => {
    cancelled = true;
    window.removeEventListener('load', afterLoad);
    clearTimeout(timer);
    if (idleHandle !== undefined) window.cancelIdleCallback(idleHandle);
  };
}
