import 'server-only';
// Seed steps of the match data: the openfootball import (every install), the demo's World Cup
// replay schedule and the match reports (demo content).
import type { Db } from '@/lib/db';
import { log } from '@/lib/server/log';
import { seedMatchReports } from '@/lib/server/news/match-reports';
import type { SeedStep } from './seed-step';
import { startDemoReplay } from '@/lib/server/matches/feed/demo-schedule';
import { importOpenfootball } from '@/lib/server/matches/import/import';

export const openfootballImportStep: SeedStep = {
  name: 'openfootball-import',
  run: async (db: Db) => {
    const started = Date.now();
    const report = await importOpenfootball(db);
    if (report.problems.length > 0) log.warn('openfootball import found problems', { problems: report.problems });
    log.info('openfootball data imported', {
      matches: report.matchesAdded,
      teams: report.teams,
      players: report.players,
      corrected: report.corrections.length,
      ms: Date.now() - started,
    });
  },
};

export const matchDemoReplayStep: SeedStep = {
  name: 'match-demo-replay',
  run: (db: Db) => startDemoReplay(db, new Date()),
};

export const matchReportsStep: SeedStep = {
  name: 'match-reports',
  run: async (db: Db) => {
    await seedMatchReports(db, new Date());
  },
};
