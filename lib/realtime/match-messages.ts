// Live match data on a match's realtime channel (spec §4 "Match data"): textLive (commentary),
// scoreLive (score and clock), statsLive (team statistics) and lineupLive (line-ups). The live feed
// publishes them on the bus; the gateway forwards them to the viewers of that match as they are, and the
// public pages' event streams (/api/match/live/{id}, /api/live/updates) carry them too, after a first frame of
// their own. The match data inside them (events, statistics, line-ups) is shaped in lib/validation/matches.ts.
import type { LocalizedText } from '@/lib/i18n/locales';
import type { LiveEvent, MatchLiveView, MatchPhase, MatchStats, MatchStatus, TeamLineup } from '@/lib/validation/matches';

/** The bus channel (and realtime room) of one match. */
export function matchChannel(matchId: number): string {
  return `match:${matchId}`;
}

/**
 * Every match's scoreLive, on one bus channel: the lists that show many matches (home, the live list) follow it,
 * and the web role purges the cached pages that show a score when it moves.
 */
export const scoreboardChannel = 'matches:scores';

type ScorePair = [home: number, away: number];

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
  /** Server ms when the feed learned it: a live room shows it when the viewer's video reaches it (issue 27). */
  at?: number;
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

export type StatsLiveMessage = { type: 'statsLive'; match_id: number; stats: MatchStats };

type LineupLiveMessage = { type: 'lineupLive'; match_id: number; home: TeamLineup; away: TeamLineup };

export type MatchLiveMessage = TextLiveMessage | ScoreLiveMessage | StatsLiveMessage | LineupLiveMessage;

// ── The public pages' event streams (docs/match-pages.md) ───────────────────────────────────────────────────

/** The first frame of a match page's live stream (/api/match/live/{id}): where the match stands now. */
export type LiveSnapshotMessage = { type: 'snapshot'; match: MatchLiveView };

/** The list pages' stream (/api/live/updates) opens with the followed matches now and the on-air signature the page compares with its own. */
export type BoardMessage = { type: 'board'; scores: ScoreLiveMessage[]; on_air: string };

/** A room went on air, away or off air: the rooms a list shows may have changed. */
export type OnAirChangeMessage = { type: 'onAirChange'; live_id: number; anchor_id: number; status: 'live' | 'away' | 'ended' };

export type ListLiveMessage = BoardMessage | ScoreLiveMessage | OnAirChangeMessage;
