// A match row's score ("2 – 1", with the shoot-out after it) or "v" before kick-off; on the server and in the lists'
// live island alike.
import type { BoardEntry } from './live-match-state';
import styles from './match-row.module.css';

export function Scoreline({ score, penalties }: Pick<BoardEntry, 'score' | 'penalties'>) {
  return (
    <span className={styles.score}>
      {score ? (
        <>
          <span>{score.home}</span>
          <span aria-hidden="true">–</span>
          <span className="visually-hidden">:</span>
          <span>{score.away}</span>
        </>
      ) : (
        <span className={styles.versus}>v</span>
      )}
      {penalties ? (
        <span className={styles.pens}>
          ({penalties.home}–{penalties.away})
        </span>
      ) : null}
    </span>
  );
}
