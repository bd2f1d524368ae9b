import 'server-only';
// Match reports written from the real record with the templates in messages/*/news.json, in both
// languages: who scored when, the half-time and final score, cards, substitutions, the shoot-out,
// what the result means (the group table after it, who goes through). Nothing is copied text.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import {
  competitions,
  matchReplayScripts,
  matches,
  newsArticleTeams,
  newsArticles,
  teams,
  venues,
  type ContentBlock,
  type Competition,
  type Match,
  type Team,
  type Venue,
} from '@/lib/db/schema';
import { locales, type Locale, type LocalizedText } from '@/lib/i18n/locales';
import type { ServerTranslate } from '@/lib/server/http/translate';
import { translatorFor } from '@/lib/server/matches/translator';
import { computeTable, type TableMatch, type TableRow } from '@/lib/server/matches/standings';
import { matchScriptSchema, type MatchScript, type ScorePair, type ScriptEvent } from '@/lib/server/matches/timeline';
import { premierLeagueCompetitionId, worldCupCompetitionId } from '@/lib/validation/matches';
import { matchCoverUrl } from './covers';

/** One match as it really went: the row, its teams and venue, and the script when the record has events. */
type MatchRecord = {
  match: Match;
  competition: Competition;
  home: Team;
  away: Team;
  venue: Venue | null;
  /** Real kick-off, which orders "the table after this match" (a replay may have moved kickoff_at). */
  realKickoffAt: Date;
  final: { ht: ScorePair | null; ft: ScorePair; et: ScorePair | null; pens: ScorePair | null };
  script: MatchScript | null;
};

type GeneratedReport = {
  slug: string;
  matchId: number;
  competitionId: number;
  teamIds: number[];
  title: Record<Locale, string>;
  summary: Record<Locale, string>;
  body: Record<Locale, ContentBlock[]>;
  tags: string[];
  coverUrl: string;
};

const isGoal = (event: ScriptEvent) => event.kind === 'goal' || event.kind === 'penalty_goal' || event.kind === 'own_goal';

function decisive(final: MatchRecord['final']): { winner: 'home' | 'away' | null; score: ScorePair } {
  const score = final.et ?? final.ft;
  const deciding = final.pens ?? score;
  if (deciding[0] === deciding[1]) return { winner: null, score };
  return { winner: deciding[0] > deciding[1] ? 'home' : 'away', score };
}

class ReportWriter {
  private readonly t: ServerTranslate;

  constructor(
    private readonly locale: Locale,
    private readonly record: MatchRecord,
    private readonly context: { table: { teamId: number; row: TableRow }[]; groupComplete: boolean; teams: Map<number, Team> },
  ) {
    this.t = translatorFor(locale);
  }

  private text(value: LocalizedText): string {
    return value[this.locale] ?? value['en-US'];
  }

  private name(team: Team): string {
    return this.text(team.name);
  }

  private teamOf(side: 'home' | 'away' | null): Team {
    return side === 'away' ? this.record.away : this.record.home;
  }

  private clock(event: { minute: number; stoppage: number }): string {
    return event.stoppage > 0
      ? this.t('news.report.clock.stoppage', { minute: event.minute, stoppage: event.stoppage })
      : this.t('news.report.clock.minute', { minute: event.minute });
  }

  private join(items: string[], separator: 'listSeparator' | 'clockSeparator' | 'nameSeparator'): string {
    return items.join(this.t(`news.report.${separator}`));
  }

  private stageLabel(): string {
    const { match, competition } = this.record;
    if (competition.kind === 'league') return competition.shortName[this.locale] ?? competition.shortName['en-US'];
    if (match.stage === 'group') return this.t('news.report.groupLabel', { group: match.groupName ?? '' });
    return this.t(`matches.stage.${match.stage}`);
  }

  title(): string {
    const { home, away, final } = this.record;
    const { winner, score } = decisive(final);
    const names = { home: this.name(home), away: this.name(away), homeGoals: score[0], awayGoals: score[1] };
    let title: string;
    if (!winner) {
      title = this.t(score[0] === 0 ? 'news.report.title.goallessDraw' : 'news.report.title.draw', names);
    } else {
      const won = winner === 'home' ? 0 : 1;
      const params = {
        ...names,
        winner: this.name(this.teamOf(winner)),
        loser: this.name(this.teamOf(winner === 'home' ? 'away' : 'home')),
        winnerGoals: score[won],
        loserGoals: score[1 - won],
      };
      if (final.pens) title = this.t('news.report.title.penalties', params);
      else if (final.et) title = this.t('news.report.title.extraTimeWin', params);
      else title = this.t(score[won] - score[1 - won] >= 3 ? 'news.report.title.bigWin' : 'news.report.title.win', params);
    }
    return this.t('news.report.title.withStage', { stage: this.stageLabel(), title });
  }

  summary(): string {
    const { match, home, away, final, venue, script } = this.record;
    const { winner, score } = decisive(final);
    const place = venue
      ? this.t('news.report.summary.place', { venue: this.text(venue.name), city: this.text(venue.city) })
      : match.matchday !== null
        ? this.t('matches.round.league', { matchday: match.matchday })
        : '';
    const parts = [
      this.t('news.report.summary.result', { stage: this.stageLabel(), place, home: this.name(home), away: this.name(away), homeGoals: score[0], awayGoals: score[1] }),
    ];
    if (final.pens && winner) {
      const won = winner === 'home' ? 0 : 1;
      parts.push(
        this.t('news.report.summary.penalties', {
          winner: this.name(this.teamOf(winner)),
          winnerKicks: final.pens[won],
          loserKicks: final.pens[1 - won],
        }),
      );
    }
    const goals = script?.events.filter(isGoal) ?? [];
    if (goals.length > 0) {
      const byScorer = new Map<string, string[]>();
      for (const goal of goals) {
        const clock = this.clock(goal);
        const labelled =
          goal.kind === 'penalty_goal'
            ? this.t('news.report.clock.penalty', { clock })
            : goal.kind === 'own_goal'
              ? this.t('news.report.clock.ownGoal', { clock })
              : clock;
        const scorer = goal.playerName ?? '';
        byScorer.set(scorer, [...(byScorer.get(scorer) ?? []), labelled]);
      }
      const scorers = [...byScorer.entries()].map(([player, clocks]) =>
        this.t('news.report.scorerItem', { player, clocks: this.join(clocks, 'clockSeparator') }),
      );
      parts.push(this.t('news.report.summary.scorers', { scorers: this.join(scorers, 'listSeparator') }));
    }
    return parts.join(this.locale === 'zh-CN' ? '' : ' ');
  }

  body(): ContentBlock[] {
    const { match, competition, home, away, final, venue, script } = this.record;
    const blocks: ContentBlock[] = [];
    const paragraph = (...sentences: string[]) => {
      const text = sentences.filter(Boolean).join(this.locale === 'zh-CN' ? '' : ' ');
      if (text) blocks.push({ type: 'paragraph', text });
    };
    const homeName = this.name(home);
    const awayName = this.name(away);
    const competitionName = competition.name[this.locale] ?? competition.name['en-US'];

    const referee = match.referees[0];
    if (venue) {
      paragraph(
        match.attendance
          ? this.t('news.report.intro', {
              home: homeName,
              away: awayName,
              venue: this.text(venue.name),
              city: this.text(venue.city),
              attendance: match.attendance.toLocaleString(this.locale),
            })
          : this.t('news.report.introNoAttendance', { home: homeName, away: awayName, venue: this.text(venue.name), city: this.text(venue.city) }),
        referee ? this.t('news.report.referee', { referee: referee.name, country: referee.country ?? '' }) : '',
      );
    } else if (match.matchday !== null) {
      paragraph(this.t('news.report.introLeague', { home: homeName, away: awayName, matchday: match.matchday, competition: competitionName }));
    }

    const sentences: string[] = [];
    if (final.ht) {
      const [h, a] = final.ht;
      if (h === a) sentences.push(h === 0 ? this.t('news.report.halfTime.goalless') : this.t('news.report.halfTime.level', { homeGoals: h, awayGoals: a }));
      else {
        const homeLeads = h > a;
        sentences.push(
          this.t('news.report.halfTime.lead', {
            leader: homeLeads ? homeName : awayName,
            leaderGoals: Math.max(h, a),
            trailerGoals: Math.min(h, a),
          }),
        );
      }
    }
    if (script) sentences.push(...this.goalSentences(script));
    paragraph(...sentences);

    const score = final.et ?? final.ft;
    paragraph(
      this.t('news.report.result.fullTime', { home: homeName, away: awayName, homeGoals: score[0], awayGoals: score[1] }),
      final.et
        ? this.t('news.report.result.afterExtraTime', {
            home: homeName,
            away: awayName,
            ftHome: final.ft[0],
            ftAway: final.ft[1],
            etHome: final.et[0],
            etAway: final.et[1],
          })
        : '',
    );

    if (script && final.pens) paragraph(this.shootoutSentence(script, final.pens));
    if (script) {
      paragraph(...this.cardSentences(script));
      const subs = (side: 'home' | 'away') => script.events.filter((event) => event.kind === 'substitution' && event.side === side).length;
      paragraph(this.t('news.report.substitutions', { home: homeName, away: awayName, homeCount: subs('home'), awayCount: subs('away') }));
    }

    if (match.stage !== 'group' && match.stage !== 'league') {
      const { winner } = decisive(final);
      if (winner) {
        paragraph(
          this.t(`news.report.next.${match.stage}`, {
            winner: this.name(this.teamOf(winner)),
            loser: this.name(this.teamOf(winner === 'home' ? 'away' : 'home')),
            competition: competitionName,
          }),
        );
      }
    }
    if (this.context.table.length > 0) {
      blocks.push({
        type: 'heading',
        text:
          competition.kind === 'league'
            ? this.t('news.report.table.leagueHeading', { competition: competition.shortName[this.locale] ?? competition.shortName['en-US'] })
            : this.t('news.report.table.groupHeading', { group: match.groupName ?? '' }),
      });
      blocks.push(this.tableBlock());
      if (this.context.groupComplete) {
        const [first, second] = this.context.table;
        paragraph(this.t('news.report.groupDecided', { group: match.groupName ?? '', first: this.teamName(first.teamId), second: this.teamName(second.teamId) }));
      }
    }
    paragraph(this.t('news.report.credit'));
    return blocks;
  }

  private teamName(id: number): string {
    const team = this.context.teams.get(id);
    return team ? this.name(team) : '';
  }

  private tableBlock(): ContentBlock {
    const head = ['position', 'team', 'played', 'won', 'drawn', 'lost', 'goalsFor', 'goalsAgainst', 'goalDifference', 'points'].map((key) =>
      this.t(`news.report.table.head.${key}`),
    );
    const rows = this.context.table.map(({ teamId, row }) => {
      const difference = row.goalsFor - row.goalsAgainst;
      return [
        String(row.position),
        this.teamName(teamId),
        String(row.played),
        String(row.won),
        String(row.drawn),
        String(row.lost),
        String(row.goalsFor),
        String(row.goalsAgainst),
        difference > 0 ? `+${difference}` : String(difference),
        String(row.points),
      ];
    });
    return { type: 'table', head, rows };
  }

  private goalSentences(script: MatchScript): string[] {
    const goals = script.events.filter(isGoal);
    if (goals.length === 0) return [this.t('news.report.goal.none')];
    const tally = new Map<string, number>();
    const sentences: string[] = [];
    for (const goal of goals) {
      const side = goal.side === 'away' ? 1 : 0;
      const after: ScorePair = [goal.homeScore ?? 0, goal.awayScore ?? 0];
      const own = after[side] - 1;
      const other = after[1 - side];
      const params = {
        player: goal.playerName ?? '',
        team: this.name(this.teamOf(goal.side)),
        clock: this.clock(goal),
        how: goal.kind === 'penalty_goal' ? this.t('news.report.goal.penaltyHow') : '',
        home: this.name(this.record.home),
        away: this.name(this.record.away),
        homeScore: after[0],
        awayScore: after[1],
      };
      let key: string;
      if (goal.kind === 'own_goal') key = 'ownGoal';
      else if (own === 0 && other === 0) key = 'opener';
      else if (own + 1 === other) key = 'equaliser';
      else if (own === other) key = 'goAhead';
      else if (own > other) key = 'extend';
      else key = 'reduce';
      sentences.push(this.t(`news.report.goal.${key}`, params));
      if (goal.kind !== 'own_goal' && goal.playerName) {
        const count = (tally.get(goal.playerName) ?? 0) + 1;
        tally.set(goal.playerName, count);
        if (count === 3) sentences.push(this.t('news.report.goal.hatTrick', { player: goal.playerName }));
      }
    }
    return sentences;
  }

  private shootoutSentence(script: MatchScript, pens: ScorePair): string {
    const kicks = script.events.filter((event) => event.kind === 'shootout_scored' || event.kind === 'shootout_missed');
    const homeWon = pens[0] > pens[1];
    const names = (kind: ScriptEvent['kind']) => kicks.filter((kick) => kick.kind === kind).map((kick) => kick.playerName ?? '');
    const missed = names('shootout_missed');
    return this.t('news.report.shootout', {
      winner: this.name(homeWon ? this.record.home : this.record.away),
      winnerKicks: Math.max(...pens),
      loserKicks: Math.min(...pens),
      scored: this.join(names('shootout_scored'), 'nameSeparator'),
      missed: missed.length ? this.join(missed, 'nameSeparator') : this.t('news.report.nobody'),
    });
  }

  private cardSentences(script: MatchScript): string[] {
    const item = (event: ScriptEvent) =>
      this.t('news.report.cards.item', { player: event.playerName ?? '', team: this.name(this.teamOf(event.side)), clock: this.clock(event) });
    const yellows = script.events.filter((event) => event.kind === 'yellow').map(item);
    const reds = script.events.filter((event) => event.kind === 'red' || event.kind === 'second_yellow').map(item);
    if (yellows.length === 0 && reds.length === 0) return [this.t('news.report.cards.none')];
    return [
      yellows.length ? this.t('news.report.cards.yellow', { list: this.join(yellows, 'listSeparator') }) : '',
      reds.length ? this.t('news.report.cards.red', { list: this.join(reds, 'listSeparator') }) : '',
    ];
  }
}

/** Writes the report of one match in every locale, with the table as it stood after it. */
function writeMatchReport(record: MatchRecord, allRecords: MatchRecord[], teamsById: Map<number, Team>): GeneratedReport {
  const { match, competition } = record;
  // The table after this match: same group (or league), real kick-off no later than this one.
  const tableScope = allRecords.filter(
    (other) =>
      other.competition.id === competition.id &&
      (competition.kind === 'league' ? true : match.stage === 'group' && other.match.groupName === match.groupName && other.match.stage === 'group'),
  );
  const table: { teamId: number; row: TableRow }[] = [];
  let groupComplete = false;
  if (competition.kind === 'league' || match.stage === 'group') {
    const played = tableScope.filter((other) => other.realKickoffAt.getTime() <= record.realKickoffAt.getTime());
    const results: TableMatch[] = played.map((other) => {
      const score = other.final.et ?? other.final.ft;
      return { homeTeamId: other.home.id, awayTeamId: other.away.id, homeScore: score[0], awayScore: score[1] };
    });
    const teamIds = [...new Set(tableScope.flatMap((other) => [other.home.id, other.away.id]))];
    for (const row of computeTable(teamIds, results, (id) => teamsById.get(id)?.slug ?? '')) table.push({ teamId: row.teamId, row });
    groupComplete = competition.kind === 'cup' && played.length === tableScope.length;
  }

  const title: Partial<Record<Locale, string>> = {};
  const summary: Partial<Record<Locale, string>> = {};
  const body: Partial<Record<Locale, ContentBlock[]>> = {};
  for (const locale of locales) {
    const writer = new ReportWriter(locale, record, { table, groupComplete, teams: teamsById });
    title[locale] = writer.title();
    summary[locale] = writer.summary();
    body[locale] = writer.body();
  }
  const stageTag = competition.kind === 'league' ? [] : match.stage === 'group' ? ['group-stage'] : match.stage === 'final' ? ['knockout', 'final'] : ['knockout'];
  return {
    slug: `report-${competition.code}-${match.matchNumber}`,
    matchId: match.id,
    competitionId: competition.id,
    teamIds: [record.home.id, record.away.id],
    title: { 'en-US': title['en-US'] ?? '', 'zh-CN': title['zh-CN'] ?? '' },
    summary: { 'en-US': summary['en-US'] ?? '', 'zh-CN': summary['zh-CN'] ?? '' },
    body: { 'en-US': body['en-US'] ?? [], 'zh-CN': body['zh-CN'] ?? [] },
    tags: ['match-report', competition.code, ...stageTag],
    coverUrl: matchCoverUrl(match.id),
  };
}

/** The real record of every imported match of these competitions (scripts give a replayed match's true result). */
async function loadRecords(db: Db, competitionIds: number[]): Promise<{ records: MatchRecord[]; teamsById: Map<number, Team> }> {
  const rows = await db
    .select({ match: matches, competition: competitions, venue: venues, script: matchReplayScripts.script, realKickoffAt: matchReplayScripts.realKickoffAt })
    .from(matches)
    .innerJoin(competitions, eq(competitions.id, matches.competitionId))
    .leftJoin(venues, eq(venues.id, matches.venueId))
    .leftJoin(matchReplayScripts, eq(matchReplayScripts.matchId, matches.id))
    .where(inArray(matches.competitionId, competitionIds))
    .orderBy(asc(matches.id));
  const teamRows = await db.select().from(teams);
  const teamsById = new Map(teamRows.map((team) => [team.id, team]));
  const records: MatchRecord[] = [];
  for (const row of rows) {
    const script = row.script ? matchScriptSchema.parse(row.script) : null;
    const pair = (home: number | null, away: number | null): ScorePair | null => (home === null || away === null ? null : [home, away]);
    const ft = script?.final.ft ?? pair(row.match.ftHome, row.match.ftAway);
    if (!ft) continue; // Not played in the record: nothing to report.
    records.push({
      match: row.match,
      competition: row.competition,
      home: teamsById.get(row.match.homeTeamId)!,
      away: teamsById.get(row.match.awayTeamId)!,
      venue: row.venue,
      realKickoffAt: row.realKickoffAt ?? row.match.kickoffAt,
      final: script ? script.final : { ht: pair(row.match.htHome, row.match.htAway), ft, et: pair(row.match.etHome, row.match.etAway), pens: pair(row.match.pensHome, row.match.pensAway) },
      script,
    });
  }
  return { records, teamsById };
}

/**
 * Seeds the reports of the 64 World Cup matches and of the Premier League's last matchday.
 * A report goes out when its match ends: already-finished matches get their end as publish time,
 * the others stay unpublished until the live feed finishes them.
 */
export async function seedMatchReports(db: Db, now: Date): Promise<number> {
  const { records, teamsById } = await loadRecords(db, [worldCupCompetitionId, premierLeagueCompetitionId]);
  const lastMatchday = Math.max(...records.filter((record) => record.competition.id === premierLeagueCompetitionId).map((record) => record.match.matchday ?? 0));
  const chosen = records.filter(
    (record) => record.competition.id === worldCupCompetitionId || (record.competition.id === premierLeagueCompetitionId && record.match.matchday === lastMatchday),
  );
  const reports = chosen.map((record) => ({ record, report: writeMatchReport(record, records, teamsById) }));

  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(newsArticles)
      .values(
        reports.map(({ record, report }) => {
          const finished = record.match.status === 'finished';
          const lengthMinutes = record.script?.endsAt ?? 115;
          const endedAt = new Date(Math.min(now.getTime(), record.match.kickoffAt.getTime() + (lengthMinutes + 5) * 60_000));
          return {
            slug: report.slug,
            brandId: '*',
            kind: 'report' as const,
            locales: [...locales],
            title: report.title,
            summary: report.summary,
            body: report.body,
            coverUrl: report.coverUrl,
            tags: report.tags,
            matchId: report.matchId,
            competitionId: report.competitionId,
            publishedAt: finished ? endedAt : null,
            createdAt: now,
            updatedAt: now,
          };
        }),
      )
      .onConflictDoNothing({ target: newsArticles.slug })
      .returning({ id: newsArticles.id, matchId: newsArticles.matchId });
    const teamLinks = inserted.flatMap((article) => {
      const report = reports.find(({ report: candidate }) => candidate.matchId === article.matchId)?.report;
      return (report?.teamIds ?? []).map((teamId) => ({ articleId: article.id, teamId }));
    });
    if (teamLinks.length > 0) await tx.insert(newsArticleTeams).values(teamLinks).onConflictDoNothing();
    return inserted.length;
  });
}
