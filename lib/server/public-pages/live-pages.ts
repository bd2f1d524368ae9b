import 'server-only';
// Cached reads behind the public live pages (/liveMatches, home's live anchors, /liveMatchesReplay,
// /anchorReplay/{id}, /anchorInfo/{id}): what a visitor sees, the same for everyone, so a burst of visitors
// costs one database read per entry and lifetime. Viewer-specific parts (follow state) load in the browser.
import { unstable_cache } from 'next/cache';
import { getDb } from '@/lib/db';
import type { Locale } from '@/lib/i18n/locales';
import { getAnchorInfo } from '@/lib/server/anchors/profile';
import type { AnchorInfo, ReplayItem } from '@/lib/validation/live';
import { listLiveCategories } from '@/lib/server/config/app-config';
import { AppError } from '@/lib/server/http/errors';
import { listLives, onAirSignature } from '@/lib/server/live/rooms';
import { getReplay, listReplays } from '@/lib/server/replays/queries';
import { pageTags } from './cache-tags';
import { cacheSeconds } from './lifetimes';

export type LiveListQuery = { categoryId: number; childCategoryId: number; page: number; size: number; locale: Locale };

/** Lives on air, busiest first, with their match's score; heat changes every few seconds, so the live lifetime. */
export const readLiveList = unstable_cache(async (query: LiveListQuery) => listLives(await getDb(), query), ['live-list'], {
  revalidate: cacheSeconds.live,
  tags: [pageTags.lives, pageTags.matchLists],
});

/** Which lives are on air and how: a list page renders it, and its live updates reload the page when it differs. */
export const readOnAirSignature = unstable_cache(async () => onAirSignature(await getDb()), ['on-air-signature'], {
  revalidate: cacheSeconds.live,
  tags: [pageTags.lives],
});

export const readLiveCategories = unstable_cache(async (locale: Locale) => listLiveCategories(await getDb(), locale), ['live-categories'], {
  revalidate: cacheSeconds.settled,
});

export type ReplayListQuery = { anchorId: number; categoryId: number; page: number; size: number; locale: Locale };

/** A replay appears when its recording is ready (the replays tag is purged then); the lifetime only bounds a lost event. */
export const readReplayList = unstable_cache(async (query: ReplayListQuery) => listReplays(await getDb(), query), ['replay-list'], {
  revalidate: cacheSeconds.fixture,
  tags: [pageTags.replays],
});

/** One replay, for its own address (/anchorReplay/{anchor}?replay={id}), or null when there is none. */
export const readReplay = unstable_cache(
  async (replayId: number, locale: Locale): Promise<ReplayItem | null> => {
    try {
      return await getReplay(await getDb(), replayId, locale);
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  },
  ['replay'],
  { revalidate: cacheSeconds.settled, tags: [pageTags.replays] },
);

/** The anchor page as a visitor sees it, or null when the id is not an anchor's. */
export const readAnchorInfo = unstable_cache(
  async (anchorId: number): Promise<AnchorInfo | null> => {
    try {
      return await getAnchorInfo(await getDb(), anchorId, undefined);
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  },
  ['anchor-info'],
  { revalidate: cacheSeconds.live, tags: [pageTags.lives, pageTags.replays] },
);
