// The live's cover in the player's box until the first frame shows, with its title and anchor: server-rendered and
// fetched first (preloaded, high priority), so on a phone it is the room's largest paint, and early. It fills exactly
// the video's box, at least as many pixels as the screen draws (`sizes`), so the video's first frame, never larger,
// does not take over as the largest paint: Chrome reports a later paint only when it is larger.
import { preload } from 'react-dom';
import styles from './player.module.css';

type PlayerPosterProps = {
  /** The cover's address; without one the player's own black stays. */
  cover: string;
  /** The cover's sizes as a srcset with width descriptors, '' when it comes in one size. */
  srcSet: string;
  /** How wide the player is drawn, as an <img> sizes attribute. */
  sizes: string;
  title: string;
  anchorName: string;
};

export function PlayerPoster({ cover, srcSet, sizes, title, anchorName }: PlayerPosterProps) {
  if (!cover) return null;
  const sized = srcSet ? { imageSrcSet: srcSet, imageSizes: sizes } : {};
  preload(cover, { as: 'image', fetchPriority: 'high', ...sized });
  return (
    <div className={styles.poster}>
      <img className={styles.posterImage} src={cover} srcSet={srcSet || undefined} sizes={srcSet ? sizes : undefined} alt="" fetchPriority="high" />
      <p className={styles.posterCaption}>
        {title ? <span className={styles.posterTitle}>{title}</span> : null}
        <span className={styles.posterAnchor}>{anchorName}</span>
      </p>
    </div>
  );
}
