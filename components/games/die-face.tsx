// One die showing a face, drawn with pips on a 3×3 grid (the same on every device, unlike the dice characters of
// a font); `rolling` shakes it while the server rolls.
import styles from './games.module.css';

/** The cells of the 3×3 grid (0 top-left … 8 bottom-right) that carry a pip, per face. */
const pips: Record<number, readonly number[]> = { 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };

export function DieFace({ value, rolling = false, size = 'md' }: { value: number; rolling?: boolean; size?: 'sm' | 'md' }) {
  const shown = pips[value] ?? [];
  return (
    <span className={styles.die} data-rolling={rolling || undefined} data-size={size} role="img" aria-label={String(value)}>
      {Array.from({ length: 9 }, (_, cell) => (
        <span key={cell} className={shown.includes(cell) ? styles.pip : undefined} />
      ))}
    </span>
  );
}
