// Matches (spec §2.2, §7): the inputs of the match calls, the match vocabulary the database stores, and the shapes
// the match pages render and the pickers' replies carry. The server builds them typed by these schemas.
import { z } from 'zod';

// Spec §7: sport_id is a live category id (2 is football); comp is what getSportMatchComp listed.
const sportId = z.coerce
  .number({ error: 'matches.validation.sportId' })
  .int('matches.validation.sportId')
  .positive('matches.validation.sportId')
  .max(1_000_000, 'matches.validation.sportId');

/** POST /api/match/getSportMatchComp */
export const getSportMatchCompInput = z.object({ sport_id: sportId });

/** POST /api/match/getSportMatch */
export const getSportMatchInput = z.object({
  sport_id: sportId,
  comp: z.union([z.string().trim().min(1).max(100), z.number().int().positive()], { error: 'matches.validation.comp' }),
});

// ── Vocabulary: the database's columns and every reply below take their values from these ──────────────────

export const matchStatuses = ['upcoming', 'live', 'finished'] as const;
export type MatchStatus = (typeof matchStatuses)[number];

/** Where a match stands; `pre_match` while upcoming, `full_time` once finished. */
export const matchPhases = [
  'pre_match',
  'first_half',
  'half_time',
  'second_half',
  'before_extra_time',
  'extra_time_first_half',
  'extra_time_half_time',
  'extra_time_second_half',
  'before_penalties',
  'penalties',
  'full_time',
] as const;
export type MatchPhase = (typeof matchPhases)[number];

export const matchStages = ['group', 'round_of_16', 'quarter_final', 'semi_final', 'third_place', 'final', 'league'] as const;
export type MatchStage = (typeof matchStages)[number];

export const matchEventKinds = [
  'goal',
  'own_goal',
  'penalty_goal',
  'yellow',
  'second_yellow',
  'red',
  'substitution',
  'shootout_scored',
  'shootout_missed',
  'period_start',
  'period_end',
] as const;
export type MatchEventKind = (typeof matchEventKinds)[number];

export const playerPositions = ['GK', 'DF', 'MF', 'FW'] as const;
export type PlayerPosition = (typeof playerPositions)[number];

const sides = ['home', 'away'] as const;
export type Side = (typeof sides)[number];

// Fixed competition ids (1 = World Cup 2022, 2 = Premier League 2024/25) keep URLs stable across installs.
export const worldCupCompetitionId = 1;
export const premierLeagueCompetitionId = 2;

// ── Match data: what the match pages render and the live messages carry ─────────────────────────────────────

export const scoreSchema = z.object({ home: z.number(), away: z.number() });
const score = scoreSchema;

const refereeSchema = z.object({ name: z.string(), country: z.string().nullable() });
export type Referee = z.infer<typeof refereeSchema>;

export const liveEventSchema = z.object({
  seq: z.number(),
  kind: z.enum(matchEventKinds),
  /** 1, 2 halves; 3, 4 extra time; 5 shoot-out. */
  period: z.number(),
  minute: z.number(),
  stoppage: z.number(),
  side: z.enum(sides).nullable(),
  team_id: z.number().nullable(),
  player_id: z.number().nullable(),
  player: z.string().nullable(),
  /** A substitution's player going off. */
  related_player_id: z.number().nullable(),
  related_player: z.string().nullable(),
  /** Score after a goal, shoot-out tally after a shoot-out kick. */
  home_score: z.number().nullable(),
  away_score: z.number().nullable(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

/**
 * Per-team statistics. Goals, cards and substitutions come from the events; the rest only when a
 * provider sends them (a replayed match never shows invented shots or possession).
 */
const teamStatsSchema = z.object({
  goals: z.number(),
  yellow_cards: z.number(),
  red_cards: z.number(),
  substitutions: z.number(),
  shots: z.number().optional(),
  shots_on_target: z.number().optional(),
  possession: z.number().optional(),
  corners: z.number().optional(),
  fouls: z.number().optional(),
  offsides: z.number().optional(),
  saves: z.number().optional(),
  passes: z.number().optional(),
});
export type TeamStats = z.infer<typeof teamStatsSchema>;
const matchStatsSchema = z.object({ home: teamStatsSchema, away: teamStatsSchema });
export type MatchStats = z.infer<typeof matchStatsSchema>;

const substitutionTime = z.object({ minute: z.number(), stoppage: z.number() }).nullable();
const lineupPlayerSchema = z.object({
  player_id: z.number().nullable(),
  name: z.string(),
  number: z.number().nullable(),
  position: z.enum(playerPositions).nullable(),
  captain: z.boolean(),
  starter: z.boolean(),
  /** Formation line of a starter: 0 goalkeeper, then defence to attack. */
  line: z.number().nullable(),
  on_pitch: z.boolean(),
  subbed_on: substitutionTime,
  subbed_off: substitutionTime,
  yellow_cards: z.number(),
  sent_off: z.boolean(),
  goals: z.number(),
});
export type LineupPlayer = z.infer<typeof lineupPlayerSchema>;

const teamLineupSchema = z.object({
  team_id: z.number(),
  /** "4-3-3", from the starters' formation lines; null when the lines are unknown. */
  formation: z.string().nullable(),
  starters: z.array(lineupPlayerSchema),
  bench: z.array(lineupPlayerSchema),
});
export type TeamLineup = z.infer<typeof teamLineupSchema>;

export const teamRefSchema = z.object({
  /** Null while a knock-out place is undecided; `name` then says where the team will come from. */
  id: z.number().nullable(),
  name: z.string(),
  shortName: z.string(),
  code: z.string().nullable(),
  primaryColor: z.string().nullable(),
  secondaryColor: z.string().nullable(),
  /** A national team's flag image (/flags/<file>.svg); null for clubs and undecided places. */
  flag: z.string().nullable(),
});
export type TeamRef = z.infer<typeof teamRefSchema>;

const competitionRefSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  shortName: z.string(),
  sportId: z.number(),
  kind: z.enum(['cup', 'league']),
});
export type CompetitionRef = z.infer<typeof competitionRefSchema>;

export const matchSummarySchema = z.object({
  id: z.number(),
  sportId: z.number(),
  /** The match page, spec §2.2 /scheduleDetail/{id}/{sportId}. */
  path: z.string(),
  competition: competitionRefSchema,
  matchNumber: z.number(),
  stage: z.enum(matchStages),
  stageLabel: z.string(),
  groupName: z.string().nullable(),
  matchday: z.number().nullable(),
  /** "Group A · Matchday 2", "Matchday 38", "Quarter-final". */
  roundLabel: z.string(),
  kickoffAt: z.string(),
  status: z.enum(matchStatuses),
  statusLabel: z.string(),
  phase: z.enum(matchPhases),
  minute: z.number().nullable(),
  stoppage: z.number(),
  /** "67'", "45+2'", "HT", "FT", "AET", "PENS"; empty before kick-off. */
  clock: z.string(),
  home: teamRefSchema,
  away: teamRefSchema,
  score: score.nullable(),
  penalties: score.nullable(),
  venue: z.object({ name: z.string(), city: z.string() }).nullable(),
  /** Set on a spoiler-free page (lib/spoilers.ts): the page leaves out the score, now or once the match kicks off. */
  scoreHidden: z.literal(true).optional(),
});
export type MatchSummary = z.infer<typeof matchSummarySchema>;

export const matchDetailSchema = matchSummarySchema.extend({
  attendance: z.number().nullable(),
  referees: z.array(refereeSchema),
  halfTime: score.nullable(),
  fullTime: score.nullable(),
  extraTime: score.nullable(),
  venueDetail: z.object({ name: z.string(), city: z.string(), country: z.string(), capacity: z.number().nullable() }).nullable(),
  /** Goals, cards, substitutions and shoot-out kicks, oldest first (the same shape textLive carries). */
  keyEvents: z.array(liveEventSchema),
  /** Commentary lines in the reader's language, oldest first. */
  commentary: z.array(z.object({ event: liveEventSchema, text: z.string() })),
  /** Goals, cards and substitutions from the events; shots, possession... only when a provider sent them. */
  stats: matchStatsSchema,
  /** Null until the line-ups are announced (an hour before kick-off) or while the teams are undecided. */
  lineups: z.object({ home: teamLineupSchema, away: teamLineupSchema }).nullable(),
  /** When this state was last written (for caching and Last-Modified). */
  updatedAt: z.string(),
});
export type MatchDetail = z.infer<typeof matchDetailSchema>;

/**
 * The part of a match that changes while it is played, as the match page's live island holds it: rendered into
 * the page, and sent again as the first frame of /api/match/live/{id} when the island (re)connects.
 */
export const matchLiveViewSchema = matchDetailSchema.pick({
  id: true,
  status: true,
  statusLabel: true,
  phase: true,
  minute: true,
  stoppage: true,
  clock: true,
  score: true,
  halfTime: true,
  extraTime: true,
  penalties: true,
  commentary: true,
  stats: true,
  lineups: true,
  updatedAt: true,
});
export type MatchLiveView = z.infer<typeof matchLiveViewSchema>;

const standingViewSchema = z.object({
  position: z.number(),
  team: teamRefSchema,
  played: z.number(),
  won: z.number(),
  drawn: z.number(),
  lost: z.number(),
  goalsFor: z.number(),
  goalsAgainst: z.number(),
  goalDifference: z.number(),
  points: z.number(),
});
export type StandingView = z.infer<typeof standingViewSchema>;

/** A team's page (/teamInfo?id=): where it stands in each competition, its matches and its squad. */
export const teamProfileSchema = z.object({
  team: teamRefSchema.extend({ id: z.number(), kind: z.enum(['national', 'club']) }),
  competitions: z.array(z.object({ competition: competitionRefSchema, groupLabel: z.string().nullable(), standing: standingViewSchema.nullable() })),
  /** Finished matches, oldest first: W, D or L by the score after extra time (a shoot-out decides who goes on, not the result). */
  record: z.object({ played: z.number(), won: z.number(), drawn: z.number(), lost: z.number(), goalsFor: z.number(), goalsAgainst: z.number() }),
  form: z.array(z.enum(['W', 'D', 'L'])),
  live: z.array(matchSummarySchema),
  /** The next matches, soonest first, and the results, latest first. */
  upcoming: z.array(matchSummarySchema),
  results: z.array(matchSummarySchema),
  /** From the line-ups and events of the matches played so far; shoot-out kicks are not goals. */
  squad: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      shirtNumber: z.number().nullable(),
      position: z.enum(playerPositions).nullable(),
      appearances: z.number(),
      starts: z.number(),
      goals: z.number(),
      yellowCards: z.number(),
      redCards: z.number(),
    }),
  ),
});
export type TeamProfile = z.infer<typeof teamProfileSchema>;

/** Every team of /teamInfo without an id, under its competitions (a cup's teams by group). */
export const teamDirectorySchema = z.array(
  z.object({ competition: competitionRefSchema, sections: z.array(z.object({ label: z.string().nullable(), teams: z.array(teamRefSchema) })) }),
);
export type TeamDirectory = z.infer<typeof teamDirectorySchema>;

export const cupOverviewSchema = z.object({
  competition: competitionRefSchema,
  groups: z.array(z.object({ name: z.string(), label: z.string(), standings: z.array(standingViewSchema), matches: z.array(matchSummarySchema) })),
  /** Knock-out rounds in bracket order: each pair of matches feeds the match at half its index in the next round. */
  bracket: z.array(z.object({ stage: z.enum(matchStages), label: z.string(), matches: z.array(matchSummarySchema) })),
  thirdPlace: matchSummarySchema.nullable(),
  matches: z.array(matchSummarySchema),
});
export type CupOverview = z.infer<typeof cupOverviewSchema>;

/** A match as a live room, a live card or a replay shows it. `flag`: a national team's flag image, null for clubs and undecided places. */
const matchCardTeam = z.object({ id: z.number().nullable(), name: z.string(), code: z.string().nullable(), color: z.string().nullable(), flag: z.string().nullable() });
export const matchCardSchema = z.object({
  match_id: z.number(),
  sport_id: z.number(),
  path: z.string(),
  competition: z.string(),
  round: z.string(),
  status: z.enum(matchStatuses),
  clock: z.string(),
  kickoff: z.number(),
  home: matchCardTeam,
  away: matchCardTeam,
  score: score.nullable(),
  /** Set on a spoiler-free page (lib/spoilers.ts): the page leaves out the score, now or once the match kicks off. */
  scoreHidden: z.literal(true).optional(),
});
export type MatchCard = z.infer<typeof matchCardSchema>;

// ── Replies of the start-live dialog's pickers ─────────────────────────────────────────────────────────────

const text = z.string().catch('');
const count = z.coerce.number().finite().catch(0);

/** One entry of sport_live_match_comp; `comp` is what getSportMatch takes back (its id or code work too). */
export const sportCompetitionItem = z.object({
  comp: z.string(),
  comp_id: z.number().int(),
  comp_code: z.string(),
  comp_name: text,
  sport_id: z.number().int(),
  open_matches: count,
});
export type SportCompetitionItem = z.infer<typeof sportCompetitionItem>;
/** POST /api/match/getSportMatchComp. */
export const getSportMatchCompReply = z.object({ sport_live_match_comp: z.array(sportCompetitionItem) });
export type GetSportMatchCompReply = z.infer<typeof getSportMatchCompReply>;

/** One entry of sport_live_match (spec §3 Match: match_id, home, away). */
export const sportMatchItem = z.object({
  match_id: z.number().int(),
  home: text,
  away: text,
  home_id: z.number().int().nullable(),
  away_id: z.number().int().nullable(),
  comp: z.string(),
  comp_id: z.number().int(),
  /** Kick-off in seconds since the epoch. */
  start_time: count,
  status: z.enum(['upcoming', 'live']).catch('upcoming'),
  round: text,
});
export type SportMatchItem = z.infer<typeof sportMatchItem>;
/** POST /api/match/getSportMatch. */
export const getSportMatchReply = z.object({ sport_live_match: z.array(sportMatchItem) });
export type GetSportMatchReply = z.infer<typeof getSportMatchReply>;
