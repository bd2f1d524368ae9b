// Whether the page is in sight (document.visibilityState): out of it, the room's chat, barrage and animations do no
// work, and catch up when the viewer comes back.
import { useSyncExternalStore } from 'react';

export function isPageVisible(): boolean {
  return document.visibilityState === 'visible';
}

function subscribe(listener: () => void): () => void {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}

/** Calls `listener` each time the page goes out of sight. */
export function onPageHidden(listener: () => void): () => void {
  return subscribe(() => {
    if (!isPageVisible()) listener();
  });
}

/** The page's visibility as React state; the server render counts as visible. */
export function usePageVisible(): boolean {
  return useSyncExternalStore(subscribe, isPageVisible, () => true);
}
