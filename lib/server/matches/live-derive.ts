// What the live views derive from a match's events: team statistics, line-ups as they stand
// (who came on, who went off, cards, goals), and the wire form of an event.
import type { MatchEventKind, MatchLineupRow, ProviderMatchStats, Side } from '@/lib/db/schema';
import type { LineupPlayer, LiveEvent, MatchStats, TeamLineup, TeamStats } from '@/lib/validation/matches';

/** What an event says, as every source has it (a stored row, a script event, a provider event). */
export type EventFields = {
  kind: MatchEventKind;
  period: number;
  minute: number;
  stoppage: number;
  side: Side | null;
  teamId: number | null;
  playerId: number | null;
  playerName: string | null;
  relatedPlayerId: number | null;
  relatedPlayerName: string | null;
  homeScore: number | null;
  awayScore: number | null;
};

/** The fields of an event the derivations read: what it says and its place in the match. */
export type EventFacts = EventFields & { seq: number };

const goalKinds: MatchEventKind[] = ['goal', 'penalty_goal', 'own_goal'];
export const isGoalKind = (kind: MatchEventKind) => goalKinds.includes(kind);
/** Events that change the statistics or the line-up view. */
export const isStatsKind = (kind: MatchEventKind) =>
  isGoalKind(kind) || kind === 'yellow' || kind === 'second_yellow' || kind === 'red' || kind === 'substitution';

export function toLiveEvent(event: EventFacts): LiveEvent {
  return {
    seq: event.seq,
    kind: event.kind,
    period: event.period,
    minute: event.minute,
    stoppage: event.stoppage,
    side: event.side,
    team_id: event.teamId,
    player_id: event.playerId,
    player: event.playerName,
    related_player_id: event.relatedPlayerId,
    related_player: event.relatedPlayerName,
    home_score: event.homeScore,
    away_score: event.awayScore,
  };
}

/**
 * Statistics from events: goals (the score, so a provider's scoreboard and its events agree),
 * yellow cards, red cards (a second yellow counts as a red), substitutions; a provider's extra
 * figures are merged in when it sent them.
 */
export function computeMatchStats(
  events: EventFacts[],
  score: { home: number | null; away: number | null },
  providerStats: ProviderMatchStats | null,
): MatchStats {
  const blank = (): TeamStats => ({ goals: 0, yellow_cards: 0, red_cards: 0, substitutions: 0 });
  const stats: MatchStats = { home: blank(), away: blank() };
  for (const event of events) {
    if (!event.side) continue;
    const team = stats[event.side];
    if (event.kind === 'yellow') team.yellow_cards++;
    else if (event.kind === 'red' || event.kind === 'second_yellow') team.red_cards++;
    else if (event.kind === 'substitution') team.substitutions++;
  }
  stats.home.goals = score.home ?? 0;
  stats.away.goals = score.away ?? 0;
  if (providerStats) {
    stats.home = { ...providerStats.home, ...stats.home };
    stats.away = { ...providerStats.away, ...stats.away };
  }
  return stats;
}

const clock = (event: EventFacts) => ({ minute: event.minute, stoppage: event.stoppage });

/** One side's line-up as it stands after `events`. */
export function buildTeamLineup(rows: Pick<MatchLineupRow, 'teamId' | 'playerId' | 'playerName' | 'shirtNumber' | 'position' | 'starter' | 'captain' | 'line' | 'slot'>[], side: Side, events: EventFacts[], teamId: number): TeamLineup {
  const samePlayer = (row: (typeof rows)[number], id: number | null, name: string | null) =>
    row.playerId !== null && id !== null ? row.playerId === id : row.playerName === name;
  // Cards and substitutions carry the side of the player's own team.
  const sideEvents = events.filter((event) => event.side === side);
  const players: LineupPlayer[] = [...rows]
    .sort((a, b) => a.slot - b.slot)
    .map((row) => {
      const on = sideEvents.find((event) => event.kind === 'substitution' && samePlayer(row, event.playerId, event.playerName));
      const off = sideEvents.find((event) => event.kind === 'substitution' && samePlayer(row, event.relatedPlayerId, event.relatedPlayerName));
      const count = (...kinds: MatchEventKind[]) =>
        sideEvents.filter((event) => kinds.includes(event.kind) && samePlayer(row, event.playerId, event.playerName)).length;
      const sentOff = count('red', 'second_yellow') > 0;
      return {
        player_id: row.playerId,
        name: row.playerName,
        number: row.shirtNumber,
        position: row.position,
        captain: row.captain,
        starter: row.starter,
        line: row.line,
        on_pitch: (row.starter || Boolean(on)) && !off && !sentOff,
        subbed_on: on ? clock(on) : null,
        subbed_off: off ? clock(off) : null,
        yellow_cards: count('yellow'),
        sent_off: sentOff,
        // Own goals are on the other side's list and count for nobody here.
        goals: count('goal', 'penalty_goal'),
      };
    });
  const starters = players.filter((player) => player.starter);
  const lines = new Map<number, number>();
  for (const player of starters) if (player.line !== null && player.line > 0) lines.set(player.line, (lines.get(player.line) ?? 0) + 1);
  const formation = lines.size >= 2 ? [...lines.entries()].sort(([a], [b]) => a - b).map(([, count]) => count).join('-') : null;
  return { team_id: teamId, formation, starters, bench: players.filter((player) => !player.starter) };
}
