// The statistics tab of the match page's live island: each side's bar fills its share, and a statistic
// nobody has yet (0–0) draws an empty bar instead of handing half of it to the home side.
import { render, screen } from '@testing-library/react';
import type { MatchLiveView, TeamRef } from '@/lib/validation/matches';
import { MatchLive, type MatchLiveLabels } from './match-live';

const team = (id: number, name: string, code: string): TeamRef => ({ id, name, shortName: name, code, primaryColor: '#123456', secondaryColor: '#ffffff', flag: null });

const stats = { goals: 'Goals', shots: 'Shots', shots_on_target: 'On target', possession: 'Possession', corners: 'Corners', fouls: 'Fouls', offsides: 'Offsides', saves: 'Saves', passes: 'Passes', yellow_cards: 'Yellow cards', red_cards: 'Red cards', substitutions: 'Substitutions' };
const labels = {
  tabs: { commentary: 'Live text', stats: 'Stats', lineups: 'Line-ups', room: 'Rooms' },
  tabsLabel: 'Match',
  status: { upcoming: 'Upcoming', live: 'Live', finished: 'Finished' },
  clock: { halfTime: 'HT', fullTime: 'FT', afterExtraTime: 'AET', penalties: 'PENS', break: 'Break' },
  stats,
  lines: { GK: 'Goalkeeper', DF: 'Defence', MF: 'Midfield', FW: 'Attack' },
  events: { goal: 'Goal', ownGoal: 'Own goal', penaltyGoal: 'Penalty', yellow: 'Yellow', secondYellow: 'Second yellow', red: 'Red', substitution: 'Sub', shootout: 'Shoot-out' },
} as unknown as MatchLiveLabels;

const view: MatchLiveView = {
  id: 1001, status: 'live', statusLabel: 'Live', phase: 'first_half', minute: 12, stoppage: 0, clock: "12'",
  score: { home: 0, away: 0 }, halfTime: null, extraTime: null, penalties: null, commentary: [],
  stats: { home: { goals: 0, yellow_cards: 3, red_cards: 0, substitutions: 0 }, away: { goals: 0, yellow_cards: 1, red_cards: 0, substitutions: 0 } },
  lineups: null, updatedAt: '2026-11-22T10:00:00.000Z',
};

function barWidths(key: string): [string, string] {
  const [home, away] = Array.from(screen.getByTestId(`stat-bar-${key}`).children) as HTMLElement[];
  return [home.style.width, away.style.width];
}

describe('match statistics bars', () => {
  beforeEach(() => {
    render(<MatchLive initial={view} home={team(1, 'Qatar', 'QAT')} away={team(2, 'Ecuador', 'ECU')} kickoffAt="2026-11-22T10:00:00.000Z" locale="en-US" labels={labels} follow={false} room={null} />);
  });

  it('draws an empty bar for 0–0', () => {
    expect(barWidths('goals')).toEqual(['0%', '0%']);
    expect(barWidths('red_cards')).toEqual(['0%', '0%']);
  });

  it('splits the bar by each side’s share', () => {
    expect(barWidths('yellow_cards')).toEqual(['75%', '25%']);
  });
});
