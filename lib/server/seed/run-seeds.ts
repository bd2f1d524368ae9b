// Runs each seed step once per database, recorded in seed_steps; later features add steps to the lists.
import type { Db } from '@/lib/db/client';
import { seedSteps } from '@/lib/db/schema';
import type { SeedStep } from './seed-step';
import { baseSeedSteps, demoSeedSteps } from './steps';

export async function runSeeds(db: Db, options: { demo: boolean }): Promise<string[]> {
  const steps: SeedStep[] = [...baseSeedSteps, ...(options.demo ? demoSeedSteps : [])];
  const applied: string[] = [];
  for (const step of steps) {
    // Claim the step and run it in one transaction: two processes starting at once run it once.
    const ran = await db.transaction(async (tx) => {
      const claimed = await tx.insert(seedSteps).values({ name: step.name }).onConflictDoNothing().returning();
      if (claimed.length === 0) return false;
      await step.run(tx as unknown as Db);
      return true;
    });
    if (ran) applied.push(step.name);
  }
  return applied;
}
