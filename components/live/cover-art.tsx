// A live's or replay's cover; without one, a panel in the brand colour with the anchor's initial, so a card
// never shows a broken image.
import styles from './live.module.css';

export function CoverArt({ src, name, eager = false }: { src: string; name: string; eager?: boolean }) {
  if (src) return <img src={src} alt="" width={640} height={360} loading={eager ? 'eager' : 'lazy'} decoding="async" className={styles.cover} />;
  return (
    <span className={`${styles.cover} ${styles.coverBlank}`} aria-hidden="true">
      {Array.from(name.trim())[0]?.toUpperCase() ?? '?'}
    </span>
  );
}
