'use client';
// The matches this browser revealed or watched (lib/spoilers.ts), as a store React components follow: revealing one
// shows its score at once wherever the page lists it.
import { useSyncExternalStore } from 'react';
import { parseRevealed, revealedCookie, revealedCookieHeader, spoilerCookie, withRevealed } from '@/lib/spoilers';

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function readCookie(name: string): string {
  const prefix = `${name}=`;
  return document.cookie.split('; ').find((part) => part.startsWith(prefix))?.slice(prefix.length) ?? '';
}

const cookieValue = () => readCookie(revealedCookie);

/** Whether the visitor revealed or watched this match; false on the server and before hydration. */
export function useRevealed(matchId: number): boolean {
  const value = useSyncExternalStore(subscribe, cookieValue, () => '');
  return parseRevealed(value).includes(matchId);
}

/** Shows this match's score, result and reports from now on, on every page; nothing to do outside spoiler-free mode. */
export function revealMatch(matchId: number): void {
  if (readCookie(spoilerCookie) !== 'on') return;
  document.cookie = revealedCookieHeader(withRevealed(cookieValue(), matchId));
  for (const listener of listeners) listener();
}
