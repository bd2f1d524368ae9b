'use client';
// The emoji panel (spec §2.4 item 10): emoji are plain characters inserted into the message. It takes the focus
// when it opens; the arrow keys, Home and End move through the grid, Enter picks, Escape closes.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslations } from 'next-intl';
import styles from './chat.module.css';

const chatEmoji = [
  '😀', '😂', '🤣', '😍', '😎', '🤔', '😮', '😭', '😡', '😱', '🤯', '🥳', '😅', '😤', '😴', '🙏',
  '👍', '👎', '👏', '🙌', '💪', '🤝', '👌', '✌️', '👀', '❤️', '💔', '💯', '🔥', '⭐', '🎉', '🚀',
  '⚽', '🏀', '🏆', '🥅', '🎯', '📣', '⏱️', '🍺',
] as const;

/** Emoji per row as drawn: the grid fills its width, so a row's length is read from the layout. */
function columnsOf(grid: HTMLElement): number {
  const buttons = Array.from(grid.querySelectorAll('button'));
  const top = buttons[0]?.offsetTop;
  const firstRow = buttons.filter((button) => button.offsetTop === top).length;
  return Math.max(1, firstRow);
}

export function EmojiPanel({ onPick }: { onPick: (emoji: string) => void }) {
  const t = useTranslations('chat.panel');
  const grid = useRef<HTMLDivElement>(null);
  // One stop in the tab order (roving tabindex): the emoji the arrows last reached.
  const [current, setCurrent] = useState(0);

  useEffect(() => {
    grid.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, []);

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const element = grid.current;
    if (!element) return;
    const columns = columnsOf(element);
    const last = chatEmoji.length - 1;
    const next =
      event.key === 'ArrowRight' ? Math.min(current + 1, last)
      : event.key === 'ArrowLeft' ? Math.max(current - 1, 0)
      : event.key === 'ArrowDown' ? Math.min(current + columns, last)
      : event.key === 'ArrowUp' ? Math.max(current - columns, 0)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : undefined;
    if (next === undefined) return;
    event.preventDefault();
    setCurrent(next);
    element.querySelectorAll('button')[next]?.focus();
  };

  return (
    <div className={styles.popover} role="dialog" aria-label={t('emoji')}>
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- arrow keys pressed on the emoji buttons bubble here to move focus between them */}
      <div className={styles.emojiGrid} ref={grid} onKeyDown={move}>
        {chatEmoji.map((emoji, index) => (
          <button key={emoji} type="button" className={styles.emoji} tabIndex={index === current ? 0 : -1} onFocus={() => setCurrent(index)} onClick={() => onPick(emoji)}>
            {emoji}
          </button>
        ))}
      </div>
    </div>
  );
}
