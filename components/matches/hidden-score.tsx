'use client';
// A score a spoiler-free page left out (lib/spoilers.ts): an eye, until the visitor reveals the match; then the score,
// from the lists' live stream when the page follows the match, else fetched (one request for all such rows).
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRevealed } from '@/components/spoilers/revealed-matches';
import { EyeOffIcon } from '@/components/shell/icons';
import { api } from '@/lib/http/client';
import type { MatchScore, MatchScoresReply } from '@/lib/validation/match-live';
import type { BoardEntry } from './live-match-state';
import { Scoreline } from './scoreline';
import styles from './match-row.module.css';

export type ShownScore = Pick<BoardEntry, 'score' | 'penalties'>;

type Waiting = { resolve: (score: MatchScore | null) => void; reject: (error: unknown) => void };
let queued = new Map<number, Waiting[]>();
let flushTimer: ReturnType<typeof setTimeout> | undefined;
// The reply's limit (lib/validation/match-live.ts).
const idsPerRequest = 50;

async function flush(): Promise<void> {
  const batch = queued;
  queued = new Map();
  flushTimer = undefined;
  const ids = [...batch.keys()];
  for (let start = 0; start < ids.length; start += idsPerRequest) {
    const chunk = ids.slice(start, start + idsPerRequest);
    try {
      const reply = await api.get<MatchScoresReply>('/api/match/getScores', { ids: chunk.join(',') });
      const byId = new Map(reply.scores.map((score) => [score.match_id, score]));
      for (const id of chunk) for (const waiting of batch.get(id) ?? []) waiting.resolve(byId.get(id) ?? null);
    } catch (error) {
      for (const id of chunk) for (const waiting of batch.get(id) ?? []) waiting.reject(error);
    }
  }
}

/** One match's score; the rows that ask within the same few milliseconds share a request. */
function loadScore(matchId: number): Promise<MatchScore | null> {
  return new Promise((resolve, reject) => {
    queued.set(matchId, [...(queued.get(matchId) ?? []), { resolve, reject }]);
    flushTimer ??= setTimeout(() => void flush(), 10);
  });
}

/**
 * The score to show for a match whose score the page hid: undefined while it stays hidden (not revealed, or not
 * loaded yet). `live`: what the lists' stream says, when the page follows the match.
 */
export function useRevealedScore(matchId: number, hidden: boolean, live: ShownScore | undefined): ShownScore | undefined {
  const revealed = useRevealed(matchId);
  const fetched = useQuery({ queryKey: ['match-score', matchId], queryFn: () => loadScore(matchId), enabled: hidden && revealed && !live, staleTime: 30_000 });
  if (!hidden || !revealed) return undefined;
  return live ?? fetched.data ?? undefined;
}

/** The mark in place of a hidden score: an eye, or a dash where a number would stand (a tile's goals). */
export function HiddenScoreMark({ className, glyph = 'eye' }: { className?: string; glyph?: 'eye' | 'dash' }) {
  const t = useTranslations('shell.spoilers');
  return (
    <span className={`${styles.hiddenScore} ${className ?? ''}`} title={t('hiddenScore')} data-testid="hidden-score">
      {glyph === 'eye' ? <EyeOffIcon size={15} /> : <span aria-hidden="true">–</span>}
      <span className="visually-hidden">{t('hiddenScore')}</span>
    </span>
  );
}

/** A match row's hidden score: the mark, or the score once the visitor revealed the match. */
export function HiddenScore({ matchId, live }: { matchId: number; live?: ShownScore }) {
  const shown = useRevealedScore(matchId, true, live);
  return shown ? <Scoreline score={shown.score} penalties={shown.penalties} /> : <HiddenScoreMark className={styles.score} />;
}
