// Spoiler-free mode's pure rules (lib/spoilers.ts): the brand segment carrying the variant, the revealed list, and
// what a hidden match, card and report keep.
import { brandSegment, hideCardScore, hideMatchScore, hideReport, parseBrandSegment, parseRevealed, scorelessCover, withRevealed } from '@/lib/spoilers';
import type { MatchCard, MatchSummary } from '@/lib/validation/matches';
import type { NewsSummary } from '@/lib/validation/news';

const team = { id: 1, name: 'Netherlands', shortName: 'NED', code: 'NED', primaryColor: '#f97316', secondaryColor: null, flag: null };
const finished = {
  id: 1033, sportId: 1, path: '/scheduleDetail/1033/1', competition: { id: 1, code: 'world-cup-2022', name: 'World Cup', shortName: 'WC' },
  matchNumber: 33, stage: 'group', stageLabel: 'Group stage', groupName: 'A', matchday: 3, roundLabel: 'Group A · Matchday 3',
  kickoffAt: '2022-11-29T15:00:00.000Z', status: 'finished', statusLabel: 'Finished', phase: 'full_time', minute: 90, stoppage: 6, clock: 'FT',
  home: team, away: { ...team, id: 2, name: 'Qatar' }, score: { home: 2, away: 0 }, penalties: null, venue: null,
} as unknown as MatchSummary;

describe('spoiler-free rules', () => {
  it('carries the variant in the brand segment, and reads it back', () => {
    expect(parseBrandSegment(brandSegment('sportcast', true))).toEqual({ brandId: 'sportcast', spoilerFree: true });
    expect(parseBrandSegment(brandSegment('qiuba', false))).toEqual({ brandId: 'qiuba', spoilerFree: false });
  });

  it('keeps the revealed matches newest last, once each, at most 100, and ignores junk', () => {
    expect(parseRevealed('1033.x.1001,7')).toEqual([1033, 1001, 7]);
    expect(withRevealed('1033.1001', 1033)).toBe('1001.1033');
    let list = '';
    for (let id = 1; id <= 120; id += 1) list = withRevealed(list, id);
    expect(parseRevealed(list)).toHaveLength(100);
    expect(parseRevealed(list)[0]).toBe(21);
  });

  it('hides a score, its shoot-out and its clock, and marks a fixture so it stays hidden once it kicks off', () => {
    const hidden = hideMatchScore({ ...finished, penalties: { home: 4, away: 2 }, clock: 'PENS' });
    expect(hidden).toMatchObject({ score: null, penalties: null, clock: '', minute: null, stoppage: 0, scoreHidden: true, status: 'finished' });
    expect(JSON.stringify(hidden)).not.toMatch(/PENS/);
    const fixture = hideMatchScore({ ...finished, status: 'upcoming', score: null, clock: '' });
    expect(fixture).toMatchObject({ status: 'upcoming', scoreHidden: true });
    const card = { match_id: 1033, status: 'live', clock: "67'", score: { home: 1, away: 0 } } as MatchCard;
    expect(hideCardScore(card)).toMatchObject({ score: null, clock: '', scoreHidden: true });
  });

  it('draws a match cover without its result, and leaves other pictures alone', () => {
    expect(scorelessCover('/covers/match/1033.svg')).toBe('/covers/match/1033-noscore.svg');
    expect(scorelessCover('/uploads/covers/9-abc.webp')).toBe('/uploads/covers/9-abc.webp');
    expect(scorelessCover('https://cdn.example/covers/match/7.svg')).toBe('https://cdn.example/covers/match/7.svg');
  });

  it('names a match report only by its match; other articles keep their title', () => {
    const report = { id: 5, kind: 'report', matchId: 1033, title: 'Gakpo sends the Dutch through', summary: '2–0', coverUrl: '/covers/match/1033.svg' } as NewsSummary;
    expect(hideReport(report, 'Match report (hidden)')).toMatchObject({ title: 'Match report (hidden)', summary: '', coverUrl: '/covers/match/1033-noscore.svg', spoilerHidden: true });
    const preview = { ...report, kind: 'preview' } as NewsSummary;
    expect(hideReport(preview, 'x')).toBe(preview);
  });
});
