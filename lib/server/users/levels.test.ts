import { levelProgress, levelThresholds, maxLevel } from './levels';

describe('levelProgress', () => {
  it('has a threshold for each of the 22 levels, rising', () => {
    expect(levelThresholds).toHaveLength(maxLevel + 1);
    for (let level = 1; level <= maxLevel; level += 1) expect(levelThresholds[level]).toBeGreaterThan(levelThresholds[level - 1]);
  });

  it('splits the level span into earned and missing experience', () => {
    // Level 3 spans 600..1000: 750 experience is 150 earned, 250 to go.
    expect(levelProgress(3, 750)).toEqual({ process: 150, remainder: 250 });
  });

  it('shows an empty bar for experience below the level start and a full bar at the top level', () => {
    expect(levelProgress(5, 0)).toEqual({ process: 0, remainder: 700 });
    expect(levelProgress(maxLevel, 150_000).remainder).toBe(0);
    expect(levelProgress(maxLevel, 150_000).process).toBeGreaterThan(0);
  });
});
