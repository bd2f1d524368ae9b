'use client';
// A gift's animation: a Lottie file played with the light (SVG-only) build of the engine, looping until the queue
// moves on after the gift's duration. Loaded only when the first gift animation plays.
import { LottieLight } from 'lottie-react';
import styles from './gifts.module.css';

export default function GiftArt({ animation, onError }: { animation: object; onError: () => void }) {
  return <LottieLight src={animation} loop autoplay className={styles.giftArt} subscriptions={{ error: onError }} aria-hidden="true" />;
}
