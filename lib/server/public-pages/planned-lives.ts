import 'server-only';
// The live preview's planned lives (spec §2.2 /schedule-preview): the same for every visitor, cached for a minute.
import { unstable_cache } from 'next/cache';
import { getDb } from '@/lib/db';
import { listPlannedLives } from '@/lib/server/bookings/bookings';
import { cacheSeconds } from './lifetimes';

export const readPlannedLives = unstable_cache(
  async (fromIso: string, toIso: string) => listPlannedLives(await getDb(), new Date(fromIso), new Date(toIso)),
  ['planned-lives'],
  { revalidate: cacheSeconds.fixture },
);
