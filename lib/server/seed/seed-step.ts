// One seed step: run once per database (lib/server/seed/run-seeds.ts records it in seed_steps).
import type { Db } from '@/lib/db/client';

export type SeedStep = { name: string; run: (db: Db) => Promise<void> };
