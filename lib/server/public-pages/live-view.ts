import 'server-only';
// The part of a match that changes while it is played, as the match page's live island holds it:
// rendered into the page, and sent again as a snapshot when the island (re)connects to the live stream.
import type { MatchDetail } from '@/lib/server/matches/queries';

export type MatchLiveView = Pick<
  MatchDetail,
  'id' | 'status' | 'statusLabel' | 'phase' | 'minute' | 'stoppage' | 'clock' | 'score' | 'halfTime' | 'extraTime' | 'penalties' | 'commentary' | 'stats' | 'lineups' | 'updatedAt'
>;

export function toLiveView(detail: MatchDetail): MatchLiveView {
  const { id, status, statusLabel, phase, minute, stoppage, clock, score, halfTime, extraTime, penalties, commentary, stats, lineups, updatedAt } = detail;
  return { id, status, statusLabel, phase, minute, stoppage, clock, score, halfTime, extraTime, penalties, commentary, stats, lineups, updatedAt };
}

/** The first frame of the live stream: where the match stands now. */
export type LiveSnapshotMessage = { type: 'snapshot'; match: MatchLiveView };
