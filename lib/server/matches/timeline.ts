// The course of a match in time: which period each event belongs to, when it happens counted from
// kick-off (breaks included), and the state of the match (phase, clock, score) at any moment.
// The importer builds a script from the real record; the replayer reads states off it.
import { z } from 'zod';
import { matchEventKinds, type MatchEventKind, type MatchPhase, type MatchStatus, type Side } from '@/lib/db/schema';

export type ScorePair = [number, number];

/** Line-ups are announced this long before kick-off, as in real matches. */
export const lineupLeadMinutes = 60;

// Timing the record does not give, chosen to look like a real match: breaks, and the least
// stoppage time per period (longer when the record has an event later in stoppage time).
const breakMinutes = { halfTime: 15, beforeExtraTime: 5, extraTimeHalfTime: 1, beforePenalties: 3 } as const;
const leastStoppage: Record<1 | 2 | 3 | 4, number> = { 1: 2, 2: 4, 3: 1, 4: 2 };
const periodShape: Record<1 | 2 | 3 | 4, { base: number; nominal: number }> = {
  1: { base: 0, nominal: 45 },
  2: { base: 45, nominal: 45 },
  3: { base: 90, nominal: 15 },
  4: { base: 105, nominal: 15 },
};

const scorePair = z.tuple([z.number().int().min(0), z.number().int().min(0)]);

const scriptEventSchema = z.object({
  key: z.string().min(1),
  kind: z.enum(matchEventKinds),
  period: z.number().int().min(1).max(5),
  minute: z.number().int().min(0),
  stoppage: z.number().int().min(0),
  side: z.enum(['home', 'away']).nullable(),
  teamId: z.number().int().nullable(),
  playerId: z.number().int().nullable(),
  playerName: z.string().nullable(),
  relatedPlayerId: z.number().int().nullable(),
  relatedPlayerName: z.string().nullable(),
  homeScore: z.number().int().nullable(),
  awayScore: z.number().int().nullable(),
  /** Minutes after kick-off, breaks included. */
  at: z.number(),
});
export type ScriptEvent = z.infer<typeof scriptEventSchema>;

const scriptPeriodSchema = z.object({
  period: z.number().int().min(1).max(5),
  startsAt: z.number(),
  endsAt: z.number(),
  base: z.number().int(),
  nominal: z.number().int(),
});
type ScriptPeriod = z.infer<typeof scriptPeriodSchema>;

export const matchScriptSchema = z.object({
  version: z.literal(1),
  periods: z.array(scriptPeriodSchema).min(2),
  endsAt: z.number(),
  events: z.array(scriptEventSchema),
  final: z.object({ ht: scorePair, ft: scorePair, et: scorePair.nullable(), pens: scorePair.nullable() }),
});
export type MatchScript = z.infer<typeof matchScriptSchema>;

/** An event as a source records it, before it is placed in time. */
export type RecordedEvent = {
  kind: Exclude<MatchEventKind, 'period_start' | 'period_end' | 'shootout_scored' | 'shootout_missed'>;
  minute: number;
  stoppage: number;
  side: Side;
  teamId: number | null;
  playerId: number | null;
  playerName: string;
  relatedPlayerId?: number | null;
  relatedPlayerName?: string | null;
};

export type RecordedKick = { side: Side; scored: boolean; teamId: number | null; playerId: number | null; playerName: string };

const isGoal = (kind: MatchEventKind) => kind === 'goal' || kind === 'own_goal' || kind === 'penalty_goal';

/** Period of a clock time: 45+2 is the first half, 91 extra time; minutes past 120 happen during the shoot-out. */
function periodOfClock(minute: number, stoppage: number, extraTime: boolean): 1 | 2 | 3 | 4 | 5 {
  if (minute <= 45) return 1;
  if (minute <= 90 || !extraTime) return 2;
  if (minute <= 105) return 3;
  if (minute <= 120 || stoppage > 0) return 4;
  return 5;
}

/** Builds the script of a real match from its recorded events, in the order they happened. */
export function buildScript(input: { events: RecordedEvent[]; extraTime: boolean; shootout: RecordedKick[] }): MatchScript {
  type Placed = Omit<ScriptEvent, 'key' | 'homeScore' | 'awayScore'> & { order: number };
  const normalised = input.events.map((event, order) => {
    // Without extra time, "93'" can only mean 90+3.
    const clock =
      !input.extraTime && event.minute > 90 ? { minute: 90, stoppage: event.minute - 90 + event.stoppage } : event;
    return { ...event, ...clock, period: periodOfClock(clock.minute, clock.stoppage, input.extraTime), order };
  });

  const playedPeriods: (1 | 2 | 3 | 4)[] = input.extraTime ? [1, 2, 3, 4] : [1, 2];
  const periods: ScriptPeriod[] = [];
  let clock = 0;
  for (const period of playedPeriods) {
    const { base, nominal } = periodShape[period];
    const observed = Math.max(0, ...normalised.filter((event) => event.period === period).map((event) => event.stoppage + 1));
    const startsAt =
      period === 1
        ? 0
        : clock + (period === 2 ? breakMinutes.halfTime : period === 3 ? breakMinutes.beforeExtraTime : breakMinutes.extraTimeHalfTime);
    const endsAt = startsAt + nominal + Math.max(observed, leastStoppage[period]);
    periods.push({ period, startsAt, endsAt, base, nominal });
    clock = endsAt;
  }
  if (input.shootout.length > 0) {
    const startsAt = clock + breakMinutes.beforePenalties;
    periods.push({ period: 5, startsAt, endsAt: startsAt + input.shootout.length + 1, base: 120, nominal: 0 });
  }
  const periodOf = (number: number) => periods.find((period) => period.period === number);

  const placed: Placed[] = [];
  for (const event of normalised) {
    const period = periodOf(event.period) ?? periods[periods.length - 1];
    const at =
      period.period === 5
        ? Math.min(period.startsAt + Math.max(0, event.minute - 121), period.endsAt - 0.5)
        : Math.max(period.startsAt + 0.25, period.startsAt + (event.minute - period.base - 1 + event.stoppage) + 0.5);
    placed.push({
      kind: event.kind,
      period: period.period,
      minute: event.minute,
      stoppage: event.stoppage,
      side: event.side,
      teamId: event.teamId,
      playerId: event.playerId,
      playerName: event.playerName,
      relatedPlayerId: event.relatedPlayerId ?? null,
      relatedPlayerName: event.relatedPlayerName ?? null,
      at,
      order: event.order,
    });
  }
  const shootoutPeriod = periodOf(5);
  input.shootout.forEach((kick, index) => {
    placed.push({
      kind: kick.scored ? 'shootout_scored' : 'shootout_missed',
      period: 5,
      minute: 120,
      stoppage: 0,
      side: kick.side,
      teamId: kick.teamId,
      playerId: kick.playerId,
      playerName: kick.playerName,
      relatedPlayerId: null,
      relatedPlayerName: null,
      at: shootoutPeriod!.startsAt + index + 0.5,
      order: 10_000 + index,
    });
  });
  for (const period of periods) {
    const marker = { side: null, teamId: null, playerId: null, playerName: null, relatedPlayerId: null, relatedPlayerName: null };
    placed.push({ ...marker, kind: 'period_start', period: period.period, minute: period.base, stoppage: 0, at: period.startsAt, order: -1 });
    placed.push({
      ...marker,
      kind: 'period_end',
      period: period.period,
      minute: period.base + period.nominal,
      stoppage: 0,
      at: period.endsAt,
      order: 100_000,
    });
  }
  placed.sort((a, b) => a.at - b.at || a.order - b.order);

  const score: ScorePair = [0, 0];
  const pens: ScorePair = [0, 0];
  let ht: ScorePair = [0, 0];
  let ft: ScorePair = [0, 0];
  const events: ScriptEvent[] = placed.map(({ order: _order, ...event }, index) => {
    let homeScore: number | null = null;
    let awayScore: number | null = null;
    const slot = event.side === 'home' ? 0 : 1;
    if (isGoal(event.kind)) {
      score[slot]++;
      [homeScore, awayScore] = score;
    } else if (event.kind === 'shootout_scored' || event.kind === 'shootout_missed') {
      if (event.kind === 'shootout_scored') pens[slot]++;
      [homeScore, awayScore] = pens;
    } else if (event.kind === 'period_end') {
      // A period's end carries the score then (the shoot-out's end, its tally).
      [homeScore, awayScore] = event.period === 5 ? pens : score;
      if (event.period === 1) ht = [...score];
      if (event.period === 2) ft = [...score];
    }
    return { ...event, key: `of:${index + 1}`, homeScore, awayScore };
  });

  return {
    version: 1,
    periods,
    endsAt: periods[periods.length - 1].endsAt,
    events,
    final: { ht, ft, et: input.extraTime ? [...score] : null, pens: input.shootout.length > 0 ? [...pens] : null },
  };
}

/** Where a match stands: status, phase, clock and the scores so far (a replay's state, a feed's snapshot). */
export type MatchStanding = {
  status: MatchStatus;
  phase: MatchPhase;
  minute: number | null;
  stoppage: number;
  score: ScorePair | null;
  ht: ScorePair | null;
  ft: ScorePair | null;
  et: ScorePair | null;
  pens: ScorePair | null;
};

export type ReplayState = MatchStanding & {
  /** How many of the script's events have happened. */
  eventCount: number;
  lineupAnnounced: boolean;
};

const phaseOfPeriod: Record<number, MatchPhase> = {
  1: 'first_half',
  2: 'second_half',
  3: 'extra_time_first_half',
  4: 'extra_time_second_half',
  5: 'penalties',
};
const phaseAfterPeriod: Record<number, MatchPhase> = {
  1: 'half_time',
  2: 'before_extra_time',
  3: 'extra_time_half_time',
  4: 'before_penalties',
};

/** The match as it stands `elapsed` minutes after kick-off (negative: before). */
export function stateAt(script: MatchScript, elapsed: number): ReplayState {
  const lineupAnnounced = elapsed >= -lineupLeadMinutes;
  if (elapsed < 0) {
    return {
      status: 'upcoming',
      phase: 'pre_match',
      minute: null,
      stoppage: 0,
      score: null,
      ht: null,
      ft: null,
      et: null,
      pens: null,
      eventCount: 0,
      lineupAnnounced,
    };
  }
  let eventCount = 0;
  while (eventCount < script.events.length && script.events[eventCount].at <= elapsed) eventCount++;
  const happened = script.events.slice(0, eventCount);
  const score: ScorePair = [0, 0];
  const pens: ScorePair = [0, 0];
  for (const event of happened) {
    if (isGoal(event.kind)) score[event.side === 'home' ? 0 : 1]++;
    if (event.kind === 'shootout_scored') pens[event.side === 'home' ? 0 : 1]++;
  }
  const ended = (period: number) => happened.some((event) => event.kind === 'period_end' && event.period === period);
  const finished = elapsed >= script.endsAt;
  const shootoutStarted = happened.some((event) => event.kind === 'period_start' && event.period === 5);

  let phase: MatchPhase = 'full_time';
  let minute: number | null = null;
  let stoppage = 0;
  if (!finished) {
    const current = script.periods.find((period) => elapsed >= period.startsAt && elapsed < period.endsAt);
    if (current) {
      phase = phaseOfPeriod[current.period];
      if (current.period === 5) minute = 120;
      else {
        const played = current.base + Math.floor(elapsed - current.startsAt) + 1;
        const regular = current.base + current.nominal;
        minute = Math.min(played, regular);
        stoppage = Math.max(0, played - regular);
      }
    } else {
      const previous = [...script.periods].reverse().find((period) => elapsed >= period.endsAt);
      phase = previous ? phaseAfterPeriod[previous.period] : 'first_half';
      minute = previous ? previous.base + previous.nominal : 1;
    }
  }
  return {
    status: finished ? 'finished' : 'live',
    phase,
    minute,
    stoppage,
    score,
    ht: ended(1) ? script.final.ht : null,
    ft: ended(2) ? script.final.ft : null,
    et: ended(4) ? script.final.et : null,
    pens: shootoutStarted ? pens : null,
    eventCount,
    lineupAnnounced,
  };
}

/** Minutes after kick-off at which clock time `minute` (+`stoppage`) is about to end: "at 81'". */
export function elapsedAtEndOfMinute(script: MatchScript, minute: number, stoppage = 0): number {
  const extraTime = script.periods.some((period) => period.period === 3);
  const number = periodOfClock(minute, stoppage, extraTime);
  const period = script.periods.find((candidate) => candidate.period === number);
  if (!period || number === 5) throw new Error(`the match has no clock time ${minute}+${stoppage}`);
  return period.startsAt + (minute - period.base - 1 + stoppage) + 0.99;
}
