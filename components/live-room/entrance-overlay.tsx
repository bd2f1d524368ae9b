'use client';
// Entrance animations (spec §4): VIP 1 fox on the knight's crest, VIP 2 lion on the duke's, VIP 3 dragon on the
// emperor's; one at a time from the queue, 200 ms apart, never longer than 20 s, not at all for viewers who
// block them. The animations are small Lottie files in public/animations; the engine loads on first use.
import { useEffect, useState } from 'react';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useChatStore } from '@/stores/chat-store';
import styles from './live-room.module.css';

const EntranceArt = dynamic(() => import('./entrance-art'), { ssr: false });

const entranceGapMs = 200;
const entranceMaxMs = 20_000;
/** How long the banner stays when its animation cannot be shown. */
const bannerOnlyMs = 4000;

const animationFiles = { 1: '/animations/entrance-vip1.json', 2: '/animations/entrance-vip2.json', 3: '/animations/entrance-vip3.json' } as const;

export function EntranceOverlay() {
  const t = useTranslations('chat.panel');
  const current = useChatStore((state) => state.entrances[0]);
  const finish = useChatStore((state) => state.finishEntrance);
  const [leaving, setLeaving] = useState<string | null>(null);
  const [bannerOnly, setBannerOnly] = useState<string | null>(null);

  useEffect(() => {
    if (!current) return;
    const limit = setTimeout(() => setLeaving(current.key), entranceMaxMs);
    return () => clearTimeout(limit);
  }, [current]);

  useEffect(() => {
    if (!current || bannerOnly !== current.key) return;
    const timer = setTimeout(() => setLeaving(current.key), bannerOnlyMs);
    return () => clearTimeout(timer);
  }, [current, bannerOnly]);

  // The next entrance waits 200 ms after this one leaves.
  useEffect(() => {
    if (!current || leaving !== current.key) return;
    const gap = setTimeout(finish, entranceGapMs);
    return () => clearTimeout(gap);
  }, [current, leaving, finish]);

  if (!current || leaving === current.key) return null;
  return (
    <div className={styles.entrance} data-vip={current.vip_level} role="status">
      {bannerOnly === current.key ? null : (
        <EntranceArt key={current.key} src={animationFiles[current.vip_level]} onComplete={() => setLeaving(current.key)} onError={() => setBannerOnly(current.key)} />
      )}
      <div className={styles.entranceText}>
        <span className={styles.entranceName}>{current.nick_name}</span>
        <span className={styles.entranceAction}>{t('entered')}</span>
      </div>
    </div>
  );
}
