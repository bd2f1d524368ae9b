// The arithmetic of the 7-day cycle (spec §3 Continuous, §9 cycle 7 days), on whole days and without I/O so it can be
// checked by properties: a streak is the run of consecutive checked days ending with a day; the cycle day of a
// check-in is its place in that run modulo 7, so the 8th consecutive day is day 1 again and a missed day starts over.
import { checkinCycleDays } from '@/lib/validation/checkin-constants';

const msPerDay = 86_400_000;

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone: the site's day boundary. */
export function localDay(instant: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/** A YYYY-MM-DD day as a whole number of days since 1970-01-01, so consecutive days differ by one. */
export function dayNumber(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / msPerDay);
}

export function dayFromNumber(number: number): string {
  return new Date(number * msPerDay).toISOString().slice(0, 10);
}

/** The day of the cycle (1–7) a check-in with this streak earns. */
export function cycleDay(streak: number): number {
  return ((streak - 1) % checkinCycleDays) + 1;
}

/** The streak of a check-in: one more than the previous day's, or 1 when the previous day was not checked. */
export function nextStreak(previousDayStreak: number | undefined): number {
  return (previousDayStreak ?? 0) + 1;
}

/**
 * How many days of the current cycle show as checked (spec §3 CheckinDetails IsChecked). `streak` is the run ending
 * today when today is checked, else the run ending yesterday (0 when neither is checked). A run that completed a cycle
 * yesterday shows an empty week: today starts the next cycle.
 */
export function checkedInCycle(streak: number, checkedToday: boolean): number {
  if (streak <= 0) return 0;
  return checkedToday ? cycleDay(streak) : streak % checkinCycleDays;
}

/**
 * After a missed day was filled (retroactively) with streak `filledStreak`: the new streaks of the checked days after
 * it, as far as they run on consecutively from it. `laterDays` are checked day numbers after `filledDay`, ascending.
 */
export function streaksAfterFill(filledDay: number, filledStreak: number, laterDays: readonly number[]): { day: number; streak: number }[] {
  const changed: { day: number; streak: number }[] = [];
  let previous = { day: filledDay, streak: filledStreak };
  for (const day of laterDays) {
    if (day !== previous.day + 1) break;
    previous = { day, streak: previous.streak + 1 };
    changed.push(previous);
  }
  return changed;
}

/** The month (YYYY-MM) of a YYYY-MM-DD day: the span of retroactive check-ins and their limit. */
export function monthOf(day: string): string {
  return day.slice(0, 7);
}
