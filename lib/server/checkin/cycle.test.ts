// The cycle arithmetic as properties, against a naive model that counts runs from scratch: streaks built day by day
// equal the length of the run ending at each day; filling a missed day re-counts exactly the run it joins; the cycle
// day is always 1–7, the 7th consecutive day is day 7 and the 8th is day 1; the week never shows more than 7 days.
import fc from 'fast-check';
import { checkedInCycle, cycleDay, dayFromNumber, dayNumber, localDay, nextStreak, streaksAfterFill } from './cycle';

/** The model: the length of the run of checked days ending at `day` (0 when `day` is not checked). */
function runEndingAt(days: ReadonlySet<number>, day: number): number {
  let length = 0;
  while (days.has(day - length)) length += 1;
  return length;
}

/** Streaks as the server writes them: one check-in a day, ascending, each from the previous day's streak. */
function buildStreaks(days: readonly number[]): Map<number, number> {
  const streaks = new Map<number, number>();
  for (const day of [...days].sort((a, b) => a - b)) streaks.set(day, nextStreak(streaks.get(day - 1)));
  return streaks;
}

// Subsets of a 60-day window, as offsets from a fixed day.
const start = dayNumber('2026-10-01');
const checkedDays = fc.uniqueArray(fc.integer({ min: 0, max: 59 }), { maxLength: 60 }).map((offsets) => offsets.map((offset) => start + offset));

describe('check-in cycle arithmetic', () => {
  it('gives each checked day the length of the run ending there', () => {
    fc.assert(
      fc.property(checkedDays, (days) => {
        const set = new Set(days);
        for (const [day, streak] of buildStreaks(days)) expect(streak).toBe(runEndingAt(set, day));
      }),
      { numRuns: 300 },
    );
  });

  it('re-counts exactly the run a filled day joins', () => {
    fc.assert(
      fc.property(checkedDays, fc.integer({ min: 0, max: 59 }), (days, offset) => {
        const filled = start + offset;
        fc.pre(!days.includes(filled));
        const streaks = buildStreaks(days);
        const filledStreak = nextStreak(streaks.get(filled - 1));
        const later = days.filter((day) => day > filled).sort((a, b) => a - b);
        for (const { day, streak } of streaksAfterFill(filled, filledStreak, later)) streaks.set(day, streak);
        streaks.set(filled, filledStreak);
        const after = new Set([...days, filled]);
        for (const [day, streak] of streaks) expect(streak).toBe(runEndingAt(after, day));
      }),
      { numRuns: 300 },
    );
  });

  it('keeps the cycle day within 1–7: the 7th consecutive day is day 7, the 8th starts again', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), (streak) => {
        const day = cycleDay(streak);
        expect(day).toBeGreaterThanOrEqual(1);
        expect(day).toBeLessThanOrEqual(7);
        expect(cycleDay(streak + 7)).toBe(day);
      }),
    );
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 14, 15].map(cycleDay)).toEqual([1, 2, 3, 4, 5, 6, 7, 1, 2, 7, 1]);
  });

  it('shows the checked days of the current week: today counted once checked, an empty week after a full cycle', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.boolean(), (streak, checkedToday) => {
        const shown = checkedInCycle(streak, checkedToday);
        expect(shown).toBeGreaterThanOrEqual(0);
        expect(shown).toBeLessThanOrEqual(7);
        // Checking in today moves the week on by exactly one day (from a streak ending yesterday).
        if (!checkedToday) expect(checkedInCycle(streak + 1, true)).toBe(shown + 1);
      }),
    );
    expect(checkedInCycle(7, true)).toBe(7);
    expect(checkedInCycle(7, false)).toBe(0);
    expect(checkedInCycle(0, false)).toBe(0);
  });

  it('numbers days so that consecutive calendar days differ by one, across months and years', () => {
    fc.assert(
      fc.property(fc.integer({ min: dayNumber('2000-01-01'), max: dayNumber('2100-01-01') }), (number) => {
        expect(dayNumber(dayFromNumber(number))).toBe(number);
        expect(dayNumber(dayFromNumber(number + 1)) - dayNumber(dayFromNumber(number))).toBe(1);
      }),
    );
  });

  it('puts an instant on the day of the site time zone', () => {
    const instant = new Date('2026-11-26T17:30:00Z');
    expect(localDay(instant, 'Asia/Shanghai')).toBe('2026-11-27');
    expect(localDay(instant, 'UTC')).toBe('2026-11-26');
    expect(localDay(instant, 'America/New_York')).toBe('2026-11-26');
  });
});
