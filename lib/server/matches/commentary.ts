import 'server-only';
// Text commentary written from match events with the templates in messages/*/matches.json,
// in every locale at once: the live feed sends both, the match page shows the reader's.
import { locales, type Locale, type LocalizedText } from '@/lib/i18n/locales';
import type { EventFacts } from './live-derive';
import { translatorFor } from './translator';

export type CommentaryTeams = { home: LocalizedText; away: LocalizedText };

export type CommentaryContext = {
  teams: CommentaryTeams;
  /** The final whistle: this event ends the match (the last period's end while the match is finished). */
  endsMatch: boolean;
  /** Extra time was played (the full-time line says "after extra time"). */
  extraTime: boolean;
};

const name = (text: LocalizedText, locale: Locale) => text[locale] ?? text['en-US'];

function line(event: EventFacts, context: CommentaryContext, locale: Locale): string {
  const t = translatorFor(locale);
  const home = name(context.teams.home, locale);
  const away = name(context.teams.away, locale);
  const team = event.side ? name(context.teams[event.side], locale) : '';
  const player = event.playerName ?? t('matches.commentary.unknownPlayer');
  const score = { home, away, homeScore: event.homeScore ?? 0, awayScore: event.awayScore ?? 0 };
  const key = (suffix: string, params: Record<string, string | number> = {}) => t(`matches.commentary.${suffix}`, params);

  switch (event.kind) {
    case 'goal':
      // Two phrasings, alternating, so a run of goals does not read the same.
      return key(event.seq % 2 === 0 ? 'goalAgain' : 'goal', { ...score, player, team });
    case 'penalty_goal':
      return key('penaltyGoal', { ...score, player, team });
    case 'own_goal':
      return key('ownGoal', { ...score, player, team });
    case 'yellow':
      return key('yellow', { player, team });
    case 'second_yellow':
      return key('secondYellow', { player, team });
    case 'red':
      return key('red', { player, team });
    case 'substitution':
      return key('substitution', { team, playerOn: player, playerOff: event.relatedPlayerName ?? t('matches.commentary.unknownPlayer') });
    case 'shootout_scored':
      return key('shootoutScored', { ...score, player, team });
    case 'shootout_missed':
      return key('shootoutMissed', { ...score, player, team });
    case 'period_start':
      return [key('kickOff', { home, away }), key('secondHalf'), key('extraTimeStart'), key('extraTimeSecondHalf'), key('shootoutStart')][event.period - 1];
    case 'period_end': {
      const params = { home, away, homeScore: event.homeScore ?? 0, awayScore: event.awayScore ?? 0 };
      if (event.period === 5) {
        const homeWon = (event.homeScore ?? 0) > (event.awayScore ?? 0);
        return key('shootoutEnd', {
          winner: homeWon ? home : away,
          winnerKicks: Math.max(event.homeScore ?? 0, event.awayScore ?? 0),
          loserKicks: Math.min(event.homeScore ?? 0, event.awayScore ?? 0),
        });
      }
      if (context.endsMatch) return key(context.extraTime ? 'fullTimeAfterExtraTime' : 'fullTime', params);
      return key(['halfTime', 'normalTimeEnd', 'extraTimeHalfTime', 'extraTimeEnd'][event.period - 1], params);
    }
  }
}

/** One commentary line for an event, in every locale. */
export function commentaryFor(event: EventFacts, context: CommentaryContext): LocalizedText {
  const text: Partial<Record<Locale, string>> = {};
  for (const locale of locales) text[locale] = line(event, context, locale);
  return { ...text, 'en-US': line(event, context, 'en-US') };
}

/** Commentary for a match's events (oldest first); the last period's end is the final whistle once the match is finished. */
export function commentaryLines(
  events: EventFacts[],
  teams: CommentaryTeams,
  match: { finished: boolean; extraTime: boolean },
): { event: EventFacts; text: LocalizedText }[] {
  const lastEnd = events.reduce((last, event, index) => (event.kind === 'period_end' ? index : last), -1);
  return events.map((event, index) => ({
    event,
    text: commentaryFor(event, { teams, extraTime: match.extraTime, endsMatch: match.finished && index === lastEnd }),
  }));
}
