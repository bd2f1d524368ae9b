'use client';
// The entrance animation itself: a Lottie file played once with the light (SVG-only) build of the engine.
import { LottieLight } from 'lottie-react';
import styles from './live-room.module.css';

export default function EntranceArt({ src, onComplete, onError }: { src: string; onComplete: () => void; onError: () => void }) {
  return <LottieLight src={src} loop={false} autoplay className={styles.entranceArt} subscriptions={{ complete: onComplete, error: onError }} aria-hidden="true" />;
}
