// The 22 user levels (spec §3, §9: levels 0 to 21) and the experience each one starts at.
export const maxLevel = 21;

// Experience needed to reach each level; index = level. Steps grow so high levels take real time.
export const levelThresholds = [
  0, 100, 300, 600, 1_000, 1_500, 2_200, 3_000, 4_000, 5_500, 7_500, 10_000, 13_000, 17_000, 22_000, 28_000, 35_000,
  45_000, 60_000, 80_000, 110_000, 150_000,
] as const;

/**
 * Spec §3's process/remainder: experience earned inside the current level and still missing for the next,
 * so process / (process + remainder) is the progress bar. At the top level remainder is 0 (a full bar).
 */
export function levelProgress(level: number, experience: number): { process: number; remainder: number } {
  const current = Math.min(Math.max(level, 0), maxLevel);
  const start = levelThresholds[current];
  if (current === maxLevel) return { process: Math.max(experience - start, 1), remainder: 0 };
  const span = levelThresholds[current + 1] - start;
  const process = Math.min(Math.max(experience - start, 0), span);
  return { process, remainder: span - process };
}

/** Experience per whole unit spent (100 hundredths of either currency): spending is how levels are earned. */
export const experiencePerUnitSpent = 1;

