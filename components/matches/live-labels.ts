import 'server-only';
// The live island's texts, looked up on the server: the island needs no message catalogue of its own.
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/locales';
import type { BoardLabels } from './live-match-state';
import type { MatchLiveLabels } from './match-live';

/** What a match's status and clock read like, for the islands that format scoreLive themselves. */
export async function matchBoardLabels(locale: Locale): Promise<BoardLabels> {
  const matches = await getTranslations({ locale, namespace: 'matches' });
  return {
    status: { upcoming: matches('status.upcoming'), live: matches('status.live'), finished: matches('status.finished') },
    clock: {
      halfTime: matches('clock.halfTime'),
      fullTime: matches('clock.fullTime'),
      afterExtraTime: matches('clock.afterExtraTime'),
      penalties: matches('clock.penalties'),
      break: matches('clock.break'),
    },
  };
}

export async function matchLiveLabels(locale: Locale): Promise<MatchLiveLabels> {
  const t = await getTranslations({ locale, namespace: 'matchCentre.match' });
  const matches = await getTranslations({ locale, namespace: 'matches' });
  const stat = (key: string) => matches(`stats.${key}`);
  return {
    tabs: { commentary: t('tabs.commentary'), stats: t('tabs.stats'), lineups: t('tabs.lineups'), room: t('tabs.room') },
    tabsLabel: t('tabsLabel'),
    ...(await matchBoardLabels(locale)),
    halfTime: t('halfTime'),
    penalties: t('penalties'),
    kickoff: t('kickoff'),
    stats: {
      goals: stat('goals'),
      yellow_cards: stat('yellow_cards'),
      red_cards: stat('red_cards'),
      substitutions: stat('substitutions'),
      shots: stat('shots'),
      shots_on_target: stat('shots_on_target'),
      possession: stat('possession'),
      corners: stat('corners'),
      fouls: stat('fouls'),
      offsides: stat('offsides'),
      saves: stat('saves'),
      passes: stat('passes'),
    },
    lines: { GK: t('lines.GK'), DF: t('lines.DF'), MF: t('lines.MF'), FW: t('lines.FW') },
    events: {
      goal: t('events.goal'),
      ownGoal: t('events.ownGoal'),
      penaltyGoal: t('events.penaltyGoal'),
      yellow: t('events.yellow'),
      secondYellow: t('events.secondYellow'),
      red: t('events.red'),
      substitution: t('events.substitution'),
      shootout: t('events.shootout'),
    },
    scorers: t('scorers'),
    commentaryEmpty: t('commentaryEmpty'),
    commentaryNewestFirst: t('commentaryNewestFirst'),
    statsEmpty: t('statsEmpty'),
    statsSource: t('statsSource'),
    lineupsEmpty: t('lineupsEmpty'),
    formation: t('formation'),
    starters: t('starters'),
    bench: t('bench'),
    captain: t('captain'),
    subbedOn: t('subbedOn'),
    subbedOff: t('subbedOff'),
    following: t('following'),
    reconnecting: t('reconnecting'),
  };
}
