import 'server-only';
// The stored form of an event, whichever source reported it (the importer's script, a live feed).
import type { matchEvents } from '@/lib/db/schema';
import type { FeedEvent } from './feed/types';

export function matchEventRow(matchId: number, seq: number, event: FeedEvent): typeof matchEvents.$inferInsert {
  return {
    matchId,
    seq,
    sourceKey: event.key,
    kind: event.kind,
    period: event.period,
    minute: event.minute,
    stoppage: event.stoppage,
    side: event.side,
    teamId: event.teamId,
    playerId: event.playerId,
    playerName: event.playerName,
    relatedPlayerId: event.relatedPlayerId,
    relatedPlayerName: event.relatedPlayerName,
    homeScore: event.homeScore,
    awayScore: event.awayScore,
    text: event.text ?? null,
  };
}
