// Match data: competitions, teams, players, venues, matches with their line-ups and events,
// computed standings, and what the live feed needs to replay or follow a match.
import {
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { LocalizedText } from '@/lib/i18n/locales';
import { matchEventKinds, matchPhases, matchStages, matchStatuses, playerPositions, type Referee } from '../../validation/matches';

// The columns' vocabularies are defined with the replies that carry them (lib/validation/matches.ts).
export {
  matchEventKinds,
  matchPhases,
  matchStages,
  matchStatuses,
  playerPositions,
  type MatchEventKind,
  type MatchPhase,
  type MatchStage,
  type MatchStatus,
  type PlayerPosition,
  type Referee,
  type Side,
} from '../../validation/matches';

/** Statistics a provider sends beyond what events give (events give goals, cards and substitutions). */
export type ProviderTeamStats = Partial<
  Record<'shots' | 'shots_on_target' | 'possession' | 'corners' | 'fouls' | 'offsides' | 'saves' | 'passes', number>
>;
export type ProviderMatchStats = { home: ProviderTeamStats; away: ProviderTeamStats };

export const competitions = pgTable('competitions', {
  // Fixed ids (1 = World Cup 2022, 2 = Premier League 2024/25) keep URLs stable across installs.
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  shortName: jsonb('short_name').$type<LocalizedText>().notNull(),
  season: text('season').notNull(),
  kind: text('kind', { enum: ['cup', 'league'] }).notNull(),
  // Spec §3 category ids: the sport (live category) and the secondary category of the competition.
  sportId: integer('sport_id').notNull(),
  categoryId: integer('category_id').notNull(),
  startsOn: date('starts_on').notNull(),
  endsOn: date('ends_on').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});
export type Competition = typeof competitions.$inferSelect;

export const teams = pgTable('teams', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  slug: text('slug').notNull().unique(),
  kind: text('kind', { enum: ['national', 'club'] }).notNull(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  shortName: jsonb('short_name').$type<LocalizedText>().notNull(),
  // FIFA code for nations, the usual three-letter abbreviation for clubs.
  code: text('code').notNull(),
  primaryColor: text('primary_color').notNull(),
  secondaryColor: text('secondary_color').notNull(),
});
export type Team = typeof teams.$inferSelect;

export const competitionTeams = pgTable(
  'competition_teams',
  {
    competitionId: integer('competition_id')
      .notNull()
      .references(() => competitions.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    // 'A'..'H' in a cup's group stage; null in a league.
    groupName: text('group_name'),
  },
  (table) => [primaryKey({ columns: [table.competitionId, table.teamId] })],
);

export const venues = pgTable('venues', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  slug: text('slug').notNull().unique(),
  name: jsonb('name').$type<LocalizedText>().notNull(),
  city: jsonb('city').$type<LocalizedText>().notNull(),
  country: jsonb('country').$type<LocalizedText>().notNull(),
  capacity: integer('capacity'),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  // Fixed offset such as "UTC+3", as the source gives it.
  utcOffset: text('utc_offset'),
});
export type Venue = typeof venues.$inferSelect;

export const players = pgTable(
  'players',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    // Accent- and order-insensitive form of the name, to match spellings across sources.
    nameKey: text('name_key').notNull(),
    shirtNumber: smallint('shirt_number'),
    position: text('position', { enum: playerPositions }),
    birthDate: date('birth_date'),
  },
  (table) => [uniqueIndex('players_team_name_key').on(table.teamId, table.nameKey)],
);
export type Player = typeof players.$inferSelect;

export const matches = pgTable(
  'matches',
  {
    // Imported matches get ids from their competition (1001–1064 World Cup, 2001–2380 Premier League).
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 100_000 }),
    competitionId: integer('competition_id')
      .notNull()
      .references(() => competitions.id, { onDelete: 'cascade' }),
    // Number within the competition, in kick-off order.
    matchNumber: integer('match_number').notNull(),
    stage: text('stage', { enum: matchStages }).notNull(),
    groupName: text('group_name'),
    // Group round (1–3) in a cup's group stage, the matchweek in a league; null in knock-out rounds.
    matchday: integer('matchday'),
    homeTeamId: integer('home_team_id')
      .notNull()
      .references(() => teams.id),
    awayTeamId: integer('away_team_id')
      .notNull()
      .references(() => teams.id),
    // How a knock-out team qualified ('group:A:1', 'winner:1049', 'loser:1061'): shown until that is decided.
    homeSlot: text('home_slot'),
    awaySlot: text('away_slot'),
    venueId: integer('venue_id').references(() => venues.id),
    kickoffAt: timestamp('kickoff_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: matchStatuses }).notNull().default('upcoming'),
    phase: text('phase', { enum: matchPhases }).notNull().default('pre_match'),
    // The match clock while live: minute of play and stoppage-time minutes (45+2 is 45 and 2).
    minute: smallint('minute'),
    stoppage: smallint('stoppage').notNull().default(0),
    // Current score (after extra time when played, shoot-out excluded); null before kick-off.
    homeScore: smallint('home_score'),
    awayScore: smallint('away_score'),
    htHome: smallint('ht_home'),
    htAway: smallint('ht_away'),
    ftHome: smallint('ft_home'),
    ftAway: smallint('ft_away'),
    etHome: smallint('et_home'),
    etAway: smallint('et_away'),
    pensHome: smallint('pens_home'),
    pensAway: smallint('pens_away'),
    attendance: integer('attendance'),
    referees: jsonb('referees').$type<Referee[]>().notNull().default([]),
    // Statistics sent by a provider (shots, possession...); null when only events are known.
    providerStats: jsonb('provider_stats').$type<ProviderMatchStats>(),
    // "source:id" of the record this match came from, and the id a live provider uses for it.
    sourceRef: text('source_ref').unique(),
    providerRef: text('provider_ref').unique(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('matches_competition_number_key').on(table.competitionId, table.matchNumber),
    index('matches_kickoff_idx').on(table.kickoffAt),
    index('matches_status_idx').on(table.status, table.kickoffAt),
  ],
);
export type Match = typeof matches.$inferSelect;

export const matchLineups = pgTable(
  'match_lineups',
  {
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    side: text('side', { enum: ['home', 'away'] }).notNull(),
    // Order within the side: starters first in formation order (goalkeeper first), then the bench.
    slot: smallint('slot').notNull(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id),
    playerId: integer('player_id').references(() => players.id),
    playerName: text('player_name').notNull(),
    shirtNumber: smallint('shirt_number'),
    position: text('position', { enum: playerPositions }),
    starter: boolean('starter').notNull(),
    captain: boolean('captain').notNull().default(false),
    // Formation line of a starter: 0 goalkeeper, then defence to attack; null on the bench.
    line: smallint('line'),
  },
  (table) => [primaryKey({ columns: [table.matchId, table.side, table.slot] })],
);
export type MatchLineupRow = typeof matchLineups.$inferSelect;

export const matchEvents = pgTable(
  'match_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    // Order of the events within the match, as the source tells them.
    seq: integer('seq').notNull(),
    // Stable id from the source ("of:12", a provider's event id), so re-imports and re-polls add nothing twice.
    sourceKey: text('source_key').notNull(),
    kind: text('kind', { enum: matchEventKinds }).notNull(),
    // 1, 2 halves; 3, 4 extra-time halves; 5 the penalty shoot-out.
    period: smallint('period').notNull(),
    minute: smallint('minute').notNull(),
    stoppage: smallint('stoppage').notNull().default(0),
    // Goals count for `side`: an own goal is on the side of the team it counts for, its player from the other team.
    side: text('side', { enum: ['home', 'away'] }),
    teamId: integer('team_id').references(() => teams.id),
    playerId: integer('player_id').references(() => players.id),
    playerName: text('player_name'),
    // A substitution's player going off (the player coming on is `player`).
    relatedPlayerId: integer('related_player_id').references(() => players.id),
    relatedPlayerName: text('related_player_name'),
    // Score after a goal or at the end of a period; the shoot-out tally after a kick and at its end.
    homeScore: smallint('home_score'),
    awayScore: smallint('away_score'),
    // Commentary a provider wrote for this event, when it sends one.
    text: jsonb('text').$type<LocalizedText>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('match_events_source_key').on(table.matchId, table.sourceKey),
    index('match_events_match_seq_idx').on(table.matchId, table.seq),
  ],
);
export type MatchEventRow = typeof matchEvents.$inferSelect;

/** League table or group table, recomputed from finished matches whenever one finishes. */
export const standings = pgTable(
  'standings',
  {
    competitionId: integer('competition_id')
      .notNull()
      .references(() => competitions.id, { onDelete: 'cascade' }),
    // '' for a league table, the group letter for a cup group.
    groupName: text('group_name').notNull(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id),
    position: smallint('position').notNull(),
    played: smallint('played').notNull(),
    won: smallint('won').notNull(),
    drawn: smallint('drawn').notNull(),
    lost: smallint('lost').notNull(),
    goalsFor: smallint('goals_for').notNull(),
    goalsAgainst: smallint('goals_against').notNull(),
    points: smallint('points').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.competitionId, table.groupName, table.teamId] })],
);
export type StandingRow = typeof standings.$inferSelect;

/** The full recorded course of a real match, which the replayer plays back as if live. */
export const matchReplayScripts = pgTable('match_replay_scripts', {
  matchId: integer('match_id')
    .primaryKey()
    .references(() => matches.id, { onDelete: 'cascade' }),
  // When the match really kicked off (kickoff_at on the match may be shifted by a replay schedule).
  realKickoffAt: timestamp('real_kickoff_at', { withTimezone: true }).notNull(),
  script: jsonb('script').$type<unknown>().notNull(),
});

/**
 * How a competition's real calendar maps onto the wall clock for the replay:
 * wall time = wallAnchor + (real time − realAnchor) / speed.
 */
export const matchReplaySchedules = pgTable('match_replay_schedules', {
  competitionId: integer('competition_id')
    .primaryKey()
    .references(() => competitions.id, { onDelete: 'cascade' }),
  realAnchor: timestamp('real_anchor', { withTimezone: true }).notNull(),
  wallAnchor: timestamp('wall_anchor', { withTimezone: true }).notNull(),
  speed: doublePrecision('speed').notNull().default(1),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type MatchReplaySchedule = typeof matchReplaySchedules.$inferSelect;
