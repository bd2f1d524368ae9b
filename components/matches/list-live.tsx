'use client';
// The list pages' live island (home, /liveMatches): the server renders the page as things stand; in the browser this
// follows the lists' live stream (/api/live/updates) and moves the listed matches' scores and clocks in place. When
// the page's sections change (a room goes on or off air, a listed match kicks off or ends) it re-renders the page
// from the server a moment later, until the page agrees with the stream (docs/match-pages.md, "Freshness").
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import type { Locale } from '@/lib/i18n/locales';
import type { MatchStatus as MatchStatusValue } from '@/lib/validation/matches';
import type { ListLiveMessage, ScoreLiveMessage } from '@/lib/realtime/match-messages';
import { HiddenScore, HiddenScoreMark, useRevealedScore } from './hidden-score';
import { boardEntry, type BoardEntry, type BoardLabels } from './live-match-state';
import { MatchStatus, type StatusFacts } from './match-status';
import { Scoreline } from './scoreline';

/** A listed match and the status the page shows it in. */
export type FollowedMatch = { id: number; status: MatchStatusValue };

type ListLiveProps = {
  follow: FollowedMatch[];
  /** The rooms on air when the page was rendered (lib/server/live/rooms.ts onAirSignature). */
  onAir: string;
  labels: BoardLabels;
  children: ReactNode;
};

// The page is fetched again this long after a change, plus a random spread, so that the purge in every web process is
// likely done by then and a crowd of open pages does not ask at the same instant. A page that comes back still
// disagreeing with the stream (a purge not done yet) is fetched again, a few times at most.
const refreshAfterMs = 1000;
const refreshSpreadMs = 2000;
const maxRefreshes = 5;

const BoardContext = createContext<ReadonlyMap<number, BoardEntry>>(new Map());

/** "12:live,15:away" (lib/server/live/rooms.ts onAirSignature) as live id → state. */
function parseOnAir(signature: string): Map<number, string> {
  return new Map(
    signature
      .split(',')
      .filter(Boolean)
      .map((entry) => {
        const [id, status] = entry.split(':');
        return [Number(id), status];
      }),
  );
}

const sameOnAir = (a: ReadonlyMap<number, string>, b: ReadonlyMap<number, string>) => a.size === b.size && [...a].every(([id, status]) => b.get(id) === status);

export function ListLive({ follow, onAir, labels, children }: ListLiveProps) {
  const router = useRouter();
  const [board, setBoard] = useState<ReadonlyMap<number, BoardEntry>>(new Map());
  // What the page as rendered shows (a refreshed page brings new values) and what the stream says is so.
  const shown = useRef({ statuses: new Map(follow.map((match) => [match.id, match.status])), onAir: parseOnAir(onAir), labels });
  const truth = useRef<{ onAir: Map<number, string> | null; statuses: Map<number, MatchStatusValue> }>({ onAir: null, statuses: new Map() });
  const reconcile = useRef<() => void>(() => undefined);
  useEffect(() => {
    shown.current = { statuses: new Map(follow.map((match) => [match.id, match.status])), onAir: parseOnAir(onAir), labels };
    reconcile.current();
  }, [follow, onAir, labels]);
  const ids = follow.map((match) => match.id).join(',');

  useEffect(() => {
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;
    let refreshes = 0;
    const agrees = () => {
      const { onAir: onAirNow, statuses } = truth.current;
      if (onAirNow && !sameOnAir(onAirNow, shown.current.onAir)) return false;
      return [...statuses].every(([id, status]) => (shown.current.statuses.get(id) ?? status) === status);
    };
    reconcile.current = () => {
      if (agrees()) {
        refreshes = 0;
        return;
      }
      if (refreshTimer || refreshes >= maxRefreshes) return;
      refreshTimer = setTimeout(
        () => {
          refreshTimer = undefined;
          refreshes += 1;
          router.refresh();
        },
        refreshAfterMs + Math.random() * refreshSpreadMs,
      );
    };
    /** Folds scores in; true when a match's status changed (a page section may have to change with it). */
    const fold = (scores: ScoreLiveMessage[]): boolean => {
      setBoard((current) => {
        const next = new Map(current);
        for (const score of scores) next.set(score.match_id, boardEntry(score, shown.current.labels));
        return next;
      });
      let changed = false;
      for (const score of scores) {
        changed ||= truth.current.statuses.get(score.match_id) !== score.status;
        truth.current.statuses.set(score.match_id, score.status);
      }
      return changed;
    };
    const source = new EventSource(`/api/live/updates?ids=${ids}`);
    source.onmessage = (event: MessageEvent<string>) => {
      let message: ListLiveMessage;
      try {
        message = JSON.parse(event.data) as ListLiveMessage;
      } catch {
        return;
      }
      let learned: boolean;
      if (message.type === 'board') {
        fold(message.scores);
        truth.current.onAir = parseOnAir(message.on_air);
        learned = true;
      } else if (message.type === 'scoreLive') {
        learned = fold([message]);
      } else {
        learned = truth.current.onAir !== null;
        if (message.status === 'ended') truth.current.onAir?.delete(message.live_id);
        else truth.current.onAir?.set(message.live_id, message.status);
      }
      // Something new is known: the page gets its full number of tries to catch up.
      if (learned) refreshes = 0;
      reconcile.current();
    };
    return () => {
      source.close();
      if (refreshTimer) clearTimeout(refreshTimer);
      reconcile.current = () => undefined;
    };
  }, [ids, router]);

  return <BoardContext.Provider value={board}>{children}</BoardContext.Provider>;
}

/** The match as the stream last told it, or undefined before it said anything (the server's values stand). */
export function useLiveMatch(matchId: number): BoardEntry | undefined {
  return useContext(BoardContext).get(matchId);
}

/**
 * A listed match's status and clock (MatchStatus), kept current. `hidden`: a spoiler-free page (lib/spoilers.ts) shows
 * no clock (90+6' or AET tell a story) until the visitor reveals the match.
 */
export function LiveMatchStatus({ matchId, match, locale, hidden = false }: { matchId: number; match: StatusFacts; locale: Locale; hidden?: boolean }) {
  const live = useLiveMatch(matchId);
  const revealed = useRevealedScore(matchId, hidden, live);
  const current = live ? { ...match, ...live } : match;
  return <MatchStatus match={hidden && !revealed ? { ...current, clock: '' } : current} locale={locale} />;
}

/** One side's goals on a match tile, kept current; on a spoiler-free page, a dash until the match is revealed. */
export function LiveGoals({ matchId, side, goals, status, className, hidden = false }: { matchId: number; side: 'home' | 'away'; goals: number | undefined; status: MatchStatusValue; className: string; hidden?: boolean }) {
  const live = useLiveMatch(matchId);
  const revealed = useRevealedScore(matchId, hidden, live);
  if (hidden && !revealed && (live?.status ?? status) !== 'upcoming') {
    return side === 'home' ? <HiddenScoreMark className={className} glyph="dash" /> : <span className={className} aria-hidden="true">–</span>;
  }
  const current = revealed ? revealed.score?.[side] : live ? live.score?.[side] : goals;
  return current === undefined ? null : (
    <span className={className} data-testid={`goals-${matchId}-${side}`}>
      {current}
    </span>
  );
}

/** A match row's score (or "v"), with the shoot-out, kept current; on a spoiler-free page, hidden until revealed. */
export function LiveScoreline({ matchId, score, penalties, status, hidden = false }: { matchId: number; status: MatchStatusValue; hidden?: boolean } & Pick<BoardEntry, 'score' | 'penalties'>) {
  const live = useLiveMatch(matchId);
  if (hidden && (live?.status ?? status) !== 'upcoming') return <HiddenScore matchId={matchId} live={live} />;
  return <Scoreline score={live ? live.score : score} penalties={live ? live.penalties : penalties} />;
}
