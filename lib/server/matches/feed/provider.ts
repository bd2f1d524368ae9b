import 'server-only';
// The HTTP provider adapter: polls a JSON document describing live matches (the shape is in
// docs/match-feed-provider.md), validates it, and applies each match as a snapshot. Unlike the
// replayer it carries whatever statistics the provider sends (shots, possession...).
import { inArray, or } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/lib/db';
import { matchEventKinds, matchPhases, matchStatuses, matches, playerPositions, players, type MatchPhase, type MatchStatus } from '@/lib/db/schema';
import { isGoalKind } from '@/lib/server/matches/live-derive';
import { nameKey } from '@/lib/server/matches/import/names';
import { applySnapshot } from './apply';
import type { ScorePair } from '../timeline';
import type { FeedEvent, FeedLineupPlayer, FeedTickReport, MatchFeed, MatchPublisher, MatchSnapshot } from './types';

const count = z.number().int().min(0).max(10_000);
const score = z.object({ home: z.number().int().min(0).max(99), away: z.number().int().min(0).max(99) });
const personName = z.string().trim().min(1).max(100);

const providerEvent = z.object({
  id: z.union([z.string().min(1).max(100), z.number().int()]).transform(String),
  type: z.enum(matchEventKinds),
  period: z.number().int().min(1).max(5),
  minute: z.number().int().min(0).max(200),
  stoppage: z.number().int().min(0).max(30).default(0),
  side: z.enum(['home', 'away']).nullable().default(null),
  player: personName.nullable().optional(),
  player_out: personName.nullable().optional(),
  text: z.object({ 'en-US': z.string().min(1).max(500), 'zh-CN': z.string().min(1).max(500).optional() }).optional(),
});

const providerLineupPlayer = z.object({
  name: personName,
  number: z.number().int().min(0).max(99).nullable().optional(),
  position: z.enum(playerPositions).nullable().optional(),
  starter: z.boolean(),
  captain: z.boolean().default(false),
  line: z.number().int().min(0).max(6).nullable().optional(),
});

const teamStats = z
  .object({
    shots: count,
    shots_on_target: count,
    possession: z.number().min(0).max(100),
    corners: count,
    fouls: count,
    offsides: count,
    saves: count,
    passes: count,
  })
  .partial();

const providerMatch = z
  .object({
    match_id: z.number().int().positive().optional(),
    ref: z.string().min(1).max(100).optional(),
    status: z.enum(matchStatuses),
    phase: z.enum(matchPhases).optional(),
    minute: z.number().int().min(0).max(200).nullable().optional(),
    stoppage: z.number().int().min(0).max(30).default(0),
    score: score.nullable().optional(),
    half_time: score.nullable().optional(),
    full_time: score.nullable().optional(),
    extra_time: score.nullable().optional(),
    penalties: score.nullable().optional(),
    events: z.array(providerEvent).max(500).default([]),
    lineups: z.object({ home: z.array(providerLineupPlayer).max(40), away: z.array(providerLineupPlayer).max(40) }).optional(),
    stats: z.object({ home: teamStats, away: teamStats }).optional(),
  })
  .refine((match) => match.match_id !== undefined || match.ref !== undefined, { message: 'each match needs match_id or ref' });
type ProviderMatch = z.infer<typeof providerMatch>;

const providerPayload = z.object({ generated_at: z.string().optional(), matches: z.array(providerMatch).max(500) });

export type ProviderFeedOptions = {
  url: string;
  timeoutMs?: number;
  /** Larger documents are refused. */
  maxBytes?: number;
  headers?: Record<string, string>;
};

const defaultPhase: Record<MatchStatus, MatchPhase> = { upcoming: 'pre_match', live: 'first_half', finished: 'full_time' };
const toPair = (value: { home: number; away: number } | null | undefined): ScorePair | null => (value ? [value.home, value.away] : null);

async function fetchPayload(options: ProviderFeedOptions): Promise<z.infer<typeof providerPayload>> {
  const response = await fetch(options.url, {
    headers: { accept: 'application/json', ...options.headers },
    signal: AbortSignal.timeout(options.timeoutMs ?? 5_000),
  });
  if (!response.ok) throw new Error(`provider answered HTTP ${response.status}`);
  const body = await response.text();
  if (Buffer.byteLength(body) > (options.maxBytes ?? 5_000_000)) throw new Error('provider document is too large');
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new Error('provider document is not JSON');
  }
  const parsed = providerPayload.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`provider document is invalid at ${issue.path.join('.') || 'the top'}: ${issue.message}`);
  }
  return parsed.data;
}

type MatchTeams = { id: number; homeTeamId: number; awayTeamId: number; providerRef: string | null };

/** Turns one provider match into a snapshot; players are matched to ours by name within the team. */
function toSnapshot(source: ProviderMatch, match: MatchTeams, roster: Map<string, number>): MatchSnapshot {
  const teamOf = (side: 'home' | 'away' | null) => (side === 'home' ? match.homeTeamId : side === 'away' ? match.awayTeamId : null);
  const playerOf = (teamId: number | null, name: string | null | undefined) =>
    teamId !== null && name ? (roster.get(`${teamId}|${nameKey(name)}`) ?? null) : null;

  const goals: ScorePair = [0, 0];
  const kicks: ScorePair = [0, 0];
  const events: FeedEvent[] = source.events.map((event) => {
    const slot = event.side === 'away' ? 1 : 0;
    let homeScore: number | null = null;
    let awayScore: number | null = null;
    if (isGoalKind(event.type) && event.side) {
      goals[slot]++;
      [homeScore, awayScore] = goals;
    } else if ((event.type === 'shootout_scored' || event.type === 'shootout_missed') && event.side) {
      if (event.type === 'shootout_scored') kicks[slot]++;
      [homeScore, awayScore] = kicks;
    } else if (event.type === 'period_end') {
      [homeScore, awayScore] = event.period === 5 ? kicks : goals;
    }
    const teamId = teamOf(event.side);
    // An own goal counts for `side`; its scorer plays for the other team.
    const scorerTeam = event.type === 'own_goal' ? teamOf(event.side === 'home' ? 'away' : event.side === 'away' ? 'home' : null) : teamId;
    return {
      key: `provider:${event.id}`,
      kind: event.type,
      period: event.period,
      minute: event.minute,
      stoppage: event.stoppage,
      side: event.side,
      teamId,
      playerId: playerOf(scorerTeam, event.player),
      playerName: event.player ?? null,
      relatedPlayerId: playerOf(teamId, event.player_out),
      relatedPlayerName: event.player_out ?? null,
      homeScore,
      awayScore,
      text: event.text ?? null,
    };
  });

  const lineupSide = (side: 'home' | 'away'): FeedLineupPlayer[] =>
    (source.lineups?.[side] ?? []).map((player) => ({
      playerId: playerOf(teamOf(side), player.name),
      name: player.name,
      number: player.number ?? null,
      position: player.position ?? null,
      starter: player.starter,
      captain: player.captain,
      line: player.line ?? null,
    }));

  return {
    matchId: match.id,
    status: source.status,
    phase: source.phase ?? defaultPhase[source.status],
    minute: source.status === 'live' ? (source.minute ?? null) : null,
    stoppage: source.status === 'live' ? source.stoppage : 0,
    score: source.status === 'upcoming' ? null : (toPair(source.score) ?? goals),
    ht: toPair(source.half_time),
    ft: toPair(source.full_time),
    et: toPair(source.extra_time),
    pens: toPair(source.penalties),
    events,
    lineupAnnounced: source.status !== 'upcoming' || source.lineups !== undefined,
    ...(source.lineups ? { lineups: { home: lineupSide('home'), away: lineupSide('away') } } : {}),
    ...(source.stats ? { providerStats: source.stats } : {}),
  };
}

export function createProviderFeed(db: Db, publish: MatchPublisher, options: ProviderFeedOptions): MatchFeed {
  const announced = new Set<number>();
  return {
    name: 'provider',
    async tick(now) {
      const report: FeedTickReport = { changed: [], errors: [] };
      let payload;
      try {
        payload = await fetchPayload(options);
      } catch (error) {
        report.errors.push(error instanceof Error ? error.message : String(error));
        return report;
      }
      const ids = payload.matches.flatMap((match) => (match.match_id !== undefined ? [match.match_id] : []));
      const refs = payload.matches.flatMap((match) => (match.ref !== undefined ? [match.ref] : []));
      if (ids.length + refs.length === 0) return report;
      const known = await db
        .select({ id: matches.id, homeTeamId: matches.homeTeamId, awayTeamId: matches.awayTeamId, providerRef: matches.providerRef })
        .from(matches)
        .where(or(ids.length ? inArray(matches.id, ids) : undefined, refs.length ? inArray(matches.providerRef, refs) : undefined));
      const teamIds = [...new Set(known.flatMap((match) => [match.homeTeamId, match.awayTeamId]))];
      const rosterRows = teamIds.length
        ? await db.select({ id: players.id, teamId: players.teamId, nameKey: players.nameKey }).from(players).where(inArray(players.teamId, teamIds))
        : [];
      const roster = new Map(rosterRows.map((row) => [`${row.teamId}|${row.nameKey}`, row.id]));

      for (const source of payload.matches) {
        const match = known.find((candidate) => (source.match_id !== undefined ? candidate.id === source.match_id : candidate.providerRef === source.ref));
        if (!match) {
          report.errors.push(`unknown match ${source.match_id ?? source.ref}`);
          continue;
        }
        try {
          const snapshot = toSnapshot(source, match, roster);
          const result = await applySnapshot(db, publish, snapshot, { now, lineupAnnouncedBefore: announced.has(match.id) });
          if (snapshot.lineupAnnounced) announced.add(match.id);
          if (result.changed) report.changed.push(match.id);
        } catch (error) {
          report.errors.push(`match ${match.id}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      return report;
    },
  };
}
