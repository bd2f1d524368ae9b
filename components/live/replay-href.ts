// A replay's own address: the page of its anchor's replays with the player open, /anchorReplay/{anchor}?replay={id}.
import type { ReplayItem } from '@/lib/validation/live';

export function replayHref(replay: Pick<ReplayItem, 'id' | 'anchor_id'>): string {
  return `/anchorReplay/${replay.anchor_id}?replay=${replay.id}`;
}

/** The replay an address opens, or null (on /anchorReplay/{anchor} only: the replay list's own ?replay=1 is a flag). */
export function replayIdInUrl(href: string): number | null {
  const url = new URL(href, 'http://localhost');
  const id = url.searchParams.get('replay');
  return url.pathname.startsWith('/anchorReplay/') && id && /^[1-9]\d{0,8}$/.test(id) ? Number(id) : null;
}
