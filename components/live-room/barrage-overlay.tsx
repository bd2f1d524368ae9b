'use client';
// The barrage (spec §2.4 item 10): chat lines flying across the video in lanes, each gone when it has crossed. The
// flight is a transform animation the compositor runs; a line joining or leaving renders no other line again.
import { memo, type CSSProperties } from 'react';
import { useChatStore, type BarrageItem } from '@/stores/chat-store';
import styles from './live-room.module.css';

export function BarrageOverlay() {
  const on = useChatStore((state) => state.barrageOn);
  const items = useChatStore((state) => state.barrage);
  const landed = useChatStore((state) => state.barrageLanded);
  if (!on) return null;
  return (
    <div className={styles.barrage} aria-hidden="true">
      {items.map((item) => (
        <BarrageLine key={item.key} item={item} onLanded={landed} />
      ))}
    </div>
  );
}

const BarrageLine = memo(function BarrageLine({ item, onLanded }: { item: BarrageItem; onLanded: (key: string) => void }) {
  const lane: CSSProperties & Record<'--lane', string> = { '--lane': String(item.lane) };
  return (
    <span
      className={styles.barrageItem}
      data-bubble={item.propsId || undefined}
      style={lane}
      onAnimationEnd={() => onLanded(item.key)}
    >
      <span className={styles.barrageName}>{item.name}</span>
      {item.text}
    </span>
  );
});
