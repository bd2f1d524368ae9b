// Level badges (spec §3, §6, §9): 22 badges for levels 0–21, any other level shows level 0,
// coloured by five bands: 0–1, 2–7, 8–15, 16–20, 21+.
export const maxBadgeLevel = 21;

/** The badge a level shows: itself when it is a whole number from 0 to 21, else level 0. */
export function badgeLevel(level: number): number {
  return Number.isInteger(level) && level >= 0 && level <= maxBadgeLevel ? level : 0;
}

export type LevelBand = 0 | 1 | 2 | 3 | 4;

/** First level of each band, highest first. */
const bandStarts: readonly [LevelBand, number][] = [
  [4, 21],
  [3, 16],
  [2, 8],
  [1, 2],
  [0, 0],
];

export function levelBand(level: number): LevelBand {
  const shown = badgeLevel(level);
  return bandStarts.find(([, start]) => shown >= start)?.[0] ?? 0;
}
