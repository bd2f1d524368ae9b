import 'server-only';
// The part of a match that changes while it is played, cut from the match's detail (the shape is
// MatchLiveView in lib/validation/matches.ts).
import type { MatchDetail, MatchLiveView } from '@/lib/validation/matches';

export function toLiveView(detail: MatchDetail): MatchLiveView {
  const { id, status, statusLabel, phase, minute, stoppage, clock, score, halfTime, extraTime, penalties, commentary, stats, lineups, updatedAt } = detail;
  return { id, status, statusLabel, phase, minute, stoppage, clock, score, halfTime, extraTime, penalties, commentary, stats, lineups, updatedAt };
}
