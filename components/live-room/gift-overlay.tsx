'use client';
// Spec §4 gift animation queue on the video: the gift at the head of the queue plays for its duration (5000 ms by
// default), then the next. Its Lottie file is fetched on first use and kept; while it loads the gift is looked at
// again every 500 ms, and a file that cannot be had drops the gift. The canvas is never wider than 340 px. Out of sight
// nothing plays: the gift on screen starts again when the viewer is back.
import { useEffect, useState } from 'react';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { giftAnimationBase } from '@/lib/validation/gift-constants';
import { useGiftQueue } from '@/stores/gift-queue';
import { usePageVisible } from '@/stores/page-visibility';
import styles from './gifts.module.css';

const GiftArt = dynamic(() => import('./gift-art'), { ssr: false });

/** Spec §9: a gift not loaded yet is tried again after 500 ms. */
const giftRetryMs = 500;

type Loaded = { status: 'loading' } | { status: 'ready'; data: object } | { status: 'failed' };

/** The gifts cache (spec §3): each animation file fetched once per page. */
const animations = new Map<string, Loaded>();

function loadAnimation(key: string): void {
  animations.set(key, { status: 'loading' });
  fetch(`${giftAnimationBase}${key}.json`)
    .then((response) => (response.ok ? (response.json() as Promise<object>) : Promise.reject(new Error(String(response.status)))))
    .then((data) => animations.set(key, { status: 'ready', data }))
    .catch(() => animations.set(key, { status: 'failed' }));
}

export function GiftOverlay() {
  const t = useTranslations('gifts');
  const head = useGiftQueue((state) => state.queue[0]);
  const current = usePageVisible() ? head : undefined;
  const finish = useGiftQueue((state) => state.finish);
  // Bumped by the 500 ms retry, so the loading state is read again.
  const [, setRetry] = useState(0);
  const loaded = current ? animations.get(current.animation) : undefined;
  const status = loaded?.status;

  useEffect(() => {
    if (!current) return;
    if (status === 'failed') return finish(current.id);
    if (status === 'ready') {
      const done = setTimeout(() => finish(current.id), current.duration);
      return () => clearTimeout(done);
    }
    if (status === undefined) loadAnimation(current.animation);
    const retry = setTimeout(() => setRetry((count) => count + 1), giftRetryMs);
    return () => clearTimeout(retry);
  }, [current, status, finish]);

  if (!current || loaded?.status !== 'ready') return null;
  return (
    <div className={styles.giftLayer} role="status" aria-label={t('animations.layer')} data-gift={current.animation}>
      <GiftArt key={current.id} animation={loaded.data} onError={() => finish(current.id)} />
      <p className={styles.giftCaption}>
        <span className={styles.giftSender}>{current.sender}</span>
        <span>{t('panel.sentToast', { gift: current.title, count: current.count })}</span>
      </p>
    </div>
  );
}
