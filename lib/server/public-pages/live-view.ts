import 'server-only';
// The part of a match that changes while it is played, cut from the match's detail (the shape is
// MatchLiveView in lib/realtime/match-messages.ts).
import type { MatchLiveView } from '@/lib/realtime/match-messages';
import type { MatchDetail } from '@/lib/validation/matches';

export function toLiveView(detail: MatchDetail): MatchLiveView {
  const { id, status, statusLabel, phase, minute, stoppage, clock, score, halfTime, extraTime, penalties, commentary, stats, lineups, updatedAt } = detail;
  return { id, status, statusLabel, phase, minute, stoppage, clock, score, halfTime, extraTime, penalties, commentary, stats, lineups, updatedAt };
}
