// Waiting for the browser to have nothing else to do, for work a page can put off past its first paint.

/** Resolves at the browser's next idle moment, or after `timeoutMs` at most. */
export function whenIdle(timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    // Safari has no requestIdleCallback: the next task is the closest it offers.
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, 0);
  });
}
