'use client';
// The barrage (spec §2.4 item 10): chat lines flying across the video in lanes, each gone when it has crossed.
import { useChatStore } from '@/stores/chat-store';
import styles from './live-room.module.css';

export function BarrageOverlay() {
  const on = useChatStore((state) => state.barrageOn);
  const items = useChatStore((state) => state.barrage);
  const remove = useChatStore((state) => state.removeBarrage);
  if (!on) return null;
  return (
    <div className={styles.barrage} aria-hidden="true">
      {items.map((item) => (
        <span
          key={item.key}
          className={styles.barrageItem}
          data-bubble={item.propsId || undefined}
          style={{ top: `calc(${item.lane} * var(--barrage-lane))` }}
          onAnimationEnd={() => remove(item.key)}
        >
          <span className={styles.barrageName}>{item.name}</span>
          {item.text}
        </span>
      ))}
    </div>
  );
}
