// Live match data on a match's realtime channel (spec §4 "Match data"): textLive (commentary),
// scoreLive (score and clock), statsLive (team statistics) and lineupLive (line-ups). The live feed
// publishes them on the bus; the gateway forwards them to the viewers of that match as they are.
import type { LocalizedText } from '@/lib/i18n/locales';
import type { MatchEventKind, MatchPhase, MatchStatus, PlayerPosition, Side } from '@/lib/db/schema';

/** The bus channel (and realtime room) of one match. */
export function matchChannel(matchId: number): string {
  return `match:${matchId}`;
}

/**
 * Every match's scoreLive, on one bus channel: the lists that show many matches (home, the live list) follow it,
 * and the web role purges the cached pages that show a score when it moves.
 */
export const scoreboardChannel = 'matches:scores';

export type ScorePair = [home: number, away: number];

export type LiveEvent = {
  seq: number;
  kind: MatchEventKind;
  /** 1, 2 halves; 3, 4 extra time; 5 shoot-out. */
  period: number;
  minute: number;
  stoppage: number;
  side: Side | null;
  team_id: number | null;
  player_id: number | null;
  player: string | null;
  /** A substitution's player going off. */
  related_player_id: number | null;
  related_player: string | null;
  /** Score after a goal, shoot-out tally after a shoot-out kick. */
  home_score: number | null;
  away_score: number | null;
};

/** One commentary line, in both languages: one message serves every viewer. */
export type TextLiveMessage = {
  type: 'textLive';
  match_id: number;
  event: LiveEvent;
  text: LocalizedText;
};

export type ScoreLiveMessage = {
  type: 'scoreLive';
  match_id: number;
  status: MatchStatus;
  phase: MatchPhase;
  minute: number | null;
  stoppage: number;
  home_score: number | null;
  away_score: number | null;
  ht: ScorePair | null;
  et: ScorePair | null;
  pens: ScorePair | null;
};

/**
 * Per-team statistics. Goals, cards and substitutions come from the events; the rest only when a
 * provider sends them (a replayed match never shows invented shots or possession).
 */
export type TeamStats = {
  goals: number;
  yellow_cards: number;
  red_cards: number;
  substitutions: number;
  shots?: number;
  shots_on_target?: number;
  possession?: number;
  corners?: number;
  fouls?: number;
  offsides?: number;
  saves?: number;
  passes?: number;
};
export type MatchStats = { home: TeamStats; away: TeamStats };

export type StatsLiveMessage = { type: 'statsLive'; match_id: number; stats: MatchStats };

export type LineupPlayer = {
  player_id: number | null;
  name: string;
  number: number | null;
  position: PlayerPosition | null;
  captain: boolean;
  starter: boolean;
  /** Formation line of a starter: 0 goalkeeper, then defence to attack. */
  line: number | null;
  on_pitch: boolean;
  subbed_on: { minute: number; stoppage: number } | null;
  subbed_off: { minute: number; stoppage: number } | null;
  yellow_cards: number;
  sent_off: boolean;
  goals: number;
};

export type TeamLineup = {
  team_id: number;
  /** "4-3-3", from the starters' formation lines; null when the lines are unknown. */
  formation: string | null;
  starters: LineupPlayer[];
  bench: LineupPlayer[];
};

export type LineupLiveMessage = { type: 'lineupLive'; match_id: number; home: TeamLineup; away: TeamLineup };

export type MatchLiveMessage = TextLiveMessage | ScoreLiveMessage | StatsLiveMessage | LineupLiveMessage;
