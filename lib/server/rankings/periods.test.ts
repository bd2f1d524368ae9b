import { expiredBefore, localDate, periodKeys } from './periods';

describe('ranking periods (Beijing time)', () => {
  it('starts a day at midnight in Beijing, not in UTC', () => {
    // 15:59:59 UTC is 23:59:59 in Beijing; a second later it is the next day there.
    expect(periodKeys(new Date('2026-11-25T15:59:59Z')).day).toBe('d:2026-11-25');
    expect(periodKeys(new Date('2026-11-25T16:00:00Z')).day).toBe('d:2026-11-26');
    expect(localDate(new Date('2026-12-31T16:30:00Z'))).toBe('2027-01-01');
  });

  it('starts a week on Monday at midnight in Beijing', () => {
    // Sunday 29 November 2026 23:59 in Beijing still belongs to the week of Monday 23 November.
    expect(periodKeys(new Date('2026-11-29T15:59:00Z')).week).toBe('w:2026-11-23');
    expect(periodKeys(new Date('2026-11-29T16:00:00Z')).week).toBe('w:2026-11-30');
    // Across a year's end: Thursday 1 January 2026 is in the week of Monday 29 December 2025.
    expect(periodKeys(new Date('2026-01-01T04:00:00Z')).week).toBe('w:2025-12-29');
  });

  it('has one all-time bucket', () => {
    expect(periodKeys(new Date('2020-01-01T00:00:00Z')).all).toBe('all');
    expect(periodKeys(new Date('2030-06-01T00:00:00Z')).all).toBe('all');
  });

  it('names the buckets that have expired as keys that sort before the live ones', () => {
    const now = new Date('2026-11-26T04:00:00Z');
    const before = expiredBefore(now);
    expect(before.day).toBe('d:2026-11-23');
    expect(before.week < periodKeys(now).week).toBe(true);
    expect(periodKeys(now).day > before.day).toBe(true);
  });
});
