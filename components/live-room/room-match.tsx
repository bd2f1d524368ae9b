'use client';
// The match a live is linked to, under the room's heading: competition and round, both teams with the live
// score and clock, and a link to the match page. The score and clock come with the room's polls until the match's
// live data reaches the viewer's picture (issue 27: chat-store's matchLive, released by the video sync gate); from
// then on only that moves them, so a poll never shows a goal the video has not.
import { useEffect } from 'react';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { revealMatch } from '@/components/spoilers/revealed-matches';
import { MatchStatus } from '@/components/matches/match-status';
import { TeamCrest } from '@/components/teams/team-crest';
import { fallbackLocale, isLocale } from '@/lib/i18n/locales';
import type { MatchCard } from '@/lib/validation/matches';
import { isoFromUnix } from '@/lib/format/date-time';
import { boardEntry } from '@/components/matches/live-match-state';
import type { ScoreLiveMessage } from '@/lib/realtime/match-messages';
import { useChatStore } from '@/stores/chat-store';
import { useRoom } from './room-context';
import styles from './live-room.module.css';

// A national team shows its flag, a club the crest drawn from its colour.
const crestOf = (team: MatchCard['home']) => ({ code: team.code, primaryColor: team.color, secondaryColor: null, flag: team.flag });

/** The card's moving parts from a scoreLive, as the match pages write them. */
function followed(live: ScoreLiveMessage, t: ReturnType<typeof useTranslations<'player.match'>>): Pick<MatchCard, 'status' | 'clock' | 'score'> {
  const clock = { halfTime: t('clock.halfTime'), fullTime: t('clock.fullTime'), afterExtraTime: t('clock.afterExtraTime'), penalties: t('clock.penalties'), break: t('clock.break') };
  const entry = boardEntry(live, { status: { upcoming: t('upcoming'), live: t('live'), finished: t('finished') }, clock });
  return { status: entry.status, clock: entry.clock, score: entry.score };
}

export function RoomMatch() {
  const t = useTranslations('player.match');
  const locale = useLocale();
  const polled = useRoom().room.match;
  const live = useChatStore((state) => state.matchLive);
  // The picture reached the final whistle: the viewer has seen the match, and spoiler-free pages show it from now on.
  const watchedId = live?.status === 'finished' && live.match_id === polled?.match_id ? live.match_id : undefined;
  useEffect(() => {
    if (watchedId !== undefined) revealMatch(watchedId);
  }, [watchedId]);
  if (!polled) return null;
  const match = live && live.match_id === polled.match_id ? { ...polled, ...followed(live, t) } : polled;
  const status = { status: match.status, statusLabel: t(match.status), clock: match.clock, kickoffAt: isoFromUnix(match.kickoff) };
  return (
    <Link href={match.path} className={styles.match} data-status={match.status} prefetch={false} aria-label={t('open', { home: match.home.name, away: match.away.name })}>
      <span className={styles.matchCompetition}>
        {match.competition}
        {match.round ? ` · ${match.round}` : ''}
      </span>
      <span className={styles.matchTeams}>
        <span className={styles.matchTeam}>
          <TeamCrest team={crestOf(match.home)} size="sm" />
          <span className={styles.matchTeamName}>{match.home.name}</span>
        </span>
        <span className={styles.matchScore}>{match.score ? `${match.score.home} – ${match.score.away}` : t('versus')}</span>
        <span className={`${styles.matchTeam} ${styles.matchAway}`}>
          <span className={styles.matchTeamName}>{match.away.name}</span>
          <TeamCrest team={crestOf(match.away)} size="sm" />
        </span>
      </span>
      <span className={styles.matchStatus}>
        <MatchStatus match={status} locale={isLocale(locale) ? locale : fallbackLocale} />
      </span>
    </Link>
  );
}
