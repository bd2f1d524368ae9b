// How the match page's live island follows the stream: the score and clock move, commentary lines
// arrive once and in order, a lost line asks for a fresh snapshot, an older snapshot never rolls back.
import type { ScoreLiveMessage, TextLiveMessage } from '@/lib/realtime/match-messages';
import type { LiveEvent, MatchLiveView } from '@/lib/validation/matches';
import { applyStreamMessage, clockFor, initialLiveState, type LiveMatchState } from './live-match-state';

const clockLabels = { halfTime: 'HT', fullTime: 'FT', afterExtraTime: 'AET', penalties: 'PENS', break: 'Break' };
const statusLabels = { upcoming: 'Upcoming', live: 'Live', finished: 'Finished' };
const context = { locale: 'en-US' as const, clockLabels, statusLabels };

const event = (seq: number, kind: LiveEvent['kind'] = 'yellow'): LiveEvent => ({
  seq, kind, period: 1, minute: 20 + seq, stoppage: 0, side: 'home', team_id: 1, player_id: null, player: 'Frenkie de Jong',
  related_player_id: null, related_player: null, home_score: null, away_score: null,
});

const view: MatchLiveView = {
  id: 1033, status: 'live', statusLabel: 'Live', phase: 'first_half', minute: 30, stoppage: 0, clock: "30'",
  score: { home: 1, away: 0 }, halfTime: null, extraTime: null, penalties: null,
  commentary: [{ event: event(1, 'period_start'), text: 'Kick-off!' }, { event: event(2, 'goal'), text: 'GOAL!' }],
  stats: { home: { goals: 1, yellow_cards: 0, red_cards: 0, substitutions: 0 }, away: { goals: 0, yellow_cards: 0, red_cards: 0, substitutions: 0 } },
  lineups: null, updatedAt: '2026-11-22T10:00:00.000Z',
};

const text = (seq: number): TextLiveMessage => ({ type: 'textLive', match_id: 1033, event: event(seq), text: { 'en-US': `Line ${seq}`, 'zh-CN': `第${seq}条` } });
const score = (changes: Partial<ScoreLiveMessage>): ScoreLiveMessage => ({
  type: 'scoreLive', match_id: 1033, status: 'live', phase: 'second_half', minute: 61, stoppage: 0, home_score: 2, away_score: 0, ht: [1, 0], et: null, pens: null, ...changes,
});

describe('applyStreamMessage', () => {
  let state: LiveMatchState;
  beforeEach(() => {
    state = initialLiveState(view);
  });

  it('moves the score, the clock and the half-time score with scoreLive', () => {
    const next = applyStreamMessage(state, score({}), context);
    expect(next).toMatchObject({ score: { home: 2, away: 0 }, clock: "61'", halfTime: { home: 1, away: 0 }, phase: 'second_half' });
    expect(applyStreamMessage(next, score({ status: 'finished', phase: 'full_time', minute: null }), context)).toMatchObject({ status: 'finished', statusLabel: 'Finished', clock: 'FT' });
  });

  it('adds a commentary line once, in the reader’s language', () => {
    const once = applyStreamMessage(state, text(3), { ...context, locale: 'zh-CN' });
    expect(once.commentary.at(-1)?.text).toBe('第3条');
    expect(applyStreamMessage(once, text(3), context).commentary).toHaveLength(3);
    expect(applyStreamMessage(once, text(2), context).commentary).toHaveLength(3);
    expect(once.gap).toBe(false);
  });

  it('marks a gap when a line was lost, and a fresh snapshot clears it', () => {
    const gapped = applyStreamMessage(state, text(5), context);
    expect(gapped.gap).toBe(true);
    const repaired = applyStreamMessage(gapped, { type: 'snapshot', match: { ...view, commentary: [...view.commentary, { event: event(3), text: 'c' }, { event: event(4), text: 'd' }, { event: event(5), text: 'e' }] } }, context);
    expect(repaired.gap).toBe(false);
    expect(repaired.commentary.map((line) => line.event.seq)).toEqual([1, 2, 3, 4, 5]);
  });

  it('ignores a snapshot older than what it shows', () => {
    const moved = applyStreamMessage(state, { type: 'snapshot', match: { ...view, score: { home: 2, away: 0 }, updatedAt: '2026-11-22T10:05:00.000Z' } }, context);
    const stale = applyStreamMessage(moved, { type: 'snapshot', match: view }, context);
    expect(stale.score).toEqual({ home: 2, away: 0 });
  });

  it('replaces statistics and line-ups as they come', () => {
    const stats = { home: { goals: 2, yellow_cards: 1, red_cards: 0, substitutions: 2 }, away: { goals: 0, yellow_cards: 3, red_cards: 1, substitutions: 1 } };
    expect(applyStreamMessage(state, { type: 'statsLive', match_id: 1033, stats }, context).stats).toEqual(stats);
    const lineup = { team_id: 1, formation: '4-3-3', starters: [], bench: [] };
    expect(applyStreamMessage(state, { type: 'lineupLive', match_id: 1033, home: lineup, away: { ...lineup, team_id: 2 } }, context).lineups?.away.team_id).toBe(2);
  });
});

describe('clockFor', () => {
  it('writes the clock as the server does', () => {
    expect(clockFor(score({ minute: 45, stoppage: 2 }), clockLabels)).toBe("45+2'");
    expect(clockFor(score({ phase: 'half_time' }), clockLabels)).toBe('HT');
    expect(clockFor(score({ phase: 'before_extra_time' }), clockLabels)).toBe('Break');
    expect(clockFor(score({ status: 'finished', et: [1, 1], pens: [4, 2] }), clockLabels)).toBe('PENS');
    expect(clockFor(score({ status: 'finished', et: [2, 1] }), clockLabels)).toBe('AET');
    expect(clockFor(score({ status: 'upcoming' }), clockLabels)).toBe('');
  });
});
