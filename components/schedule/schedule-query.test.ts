// The schedule's address: filters parse leniently, links keep the other filters, and the day strip
// stays around the chosen day.
import { defaultDay, parseScheduleQuery, scheduleHref, visibleDays } from './schedule-query';

describe('parseScheduleQuery', () => {
  it('reads a day, a sport and a status', () => {
    expect(parseScheduleQuery({ date: '2022-12-18', sport: '2', status: 'live' })).toEqual({ date: '2022-12-18', sportId: 2, status: 'live' });
  });

  it('ignores what does not parse instead of failing', () => {
    expect(parseScheduleQuery({ date: '2022-02-30', sport: 'football', status: 'paused' })).toEqual({});
    expect(parseScheduleQuery({ date: ['2022-12-18', '2022-12-19'], sport: '0' })).toEqual({});
  });
});

describe('scheduleHref', () => {
  it('changes one filter and keeps the others', () => {
    expect(scheduleHref({ date: '2022-12-18', status: 'finished' }, { sportId: 2 })).toBe('/schedule?date=2022-12-18&sport=2&status=finished');
    expect(scheduleHref({ date: '2022-12-18', sportId: 2 }, { sportId: undefined })).toBe('/schedule?date=2022-12-18');
    expect(scheduleHref({}, {})).toBe('/schedule');
  });
});

describe('the day strip', () => {
  const days = ['2022-11-20', '2022-11-21', '2022-11-22', '2022-11-23', '2022-12-18'];

  it('opens on today when it has matches, else on the next match day, else on the last', () => {
    expect(defaultDay(days, '2022-11-21')).toBe('2022-11-21');
    expect(defaultDay(days, '2022-11-30')).toBe('2022-12-18');
    expect(defaultDay(days, '2023-01-01')).toBe('2022-12-18');
  });

  it('shows the match days around the chosen one and links further', () => {
    expect(visibleDays(days, '2022-11-21', '2022-11-21', 1)).toEqual({ shown: ['2022-11-20', '2022-11-21', '2022-11-22'], earlier: undefined, later: '2022-11-23' });
    expect(visibleDays(days, '2022-12-18', '2022-11-21', 1)).toEqual({ shown: ['2022-11-23', '2022-12-18'], earlier: '2022-11-22', later: undefined });
  });
});
