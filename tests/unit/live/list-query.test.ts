// The live and replay lists' addresses: a filter survives a round trip, rubbish falls back to "all live".
import { listHref, parseListQuery } from '@/components/live/list-query';
import { formatDuration } from '@/components/live/replay-time';

describe('list addresses', () => {
  it('defaults to all live, first page', () => {
    expect(parseListQuery({})).toEqual({ category: 0, child: 0, page: 1 });
    expect(listHref('/liveMatches', parseListQuery({}))).toBe('/liveMatches');
  });

  it('round-trips a category, secondary category and page', () => {
    const query = parseListQuery({ category: '2', child: '201', page: '3' });
    expect(query).toEqual({ category: 2, child: 201, page: 3 });
    expect(listHref('/liveMatches', query)).toBe('/liveMatches?category=2&child=201&page=3');
  });

  it('ignores a secondary category without its category, and values that do not parse', () => {
    expect(parseListQuery({ child: '201' })).toEqual({ category: 0, child: 0, page: 1 });
    expect(parseListQuery({ category: 'x', page: '-2' })).toEqual({ category: 0, child: 0, page: 1 });
    expect(parseListQuery({ category: ['2', '3'], page: '0' })).toEqual({ category: 0, child: 0, page: 1 });
  });
});

describe('formatDuration', () => {
  it('shows minutes and seconds, and hours when there are any', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(75)).toBe('1:15');
    expect(formatDuration(3725)).toBe('1:02:05');
  });
});
