'use client';
// The emoji panel (spec §2.4 item 10): emoji are plain characters inserted into the message.
import { useTranslations } from 'next-intl';
import styles from './chat.module.css';

export const chatEmoji = [
  '😀', '😂', '🤣', '😍', '😎', '🤔', '😮', '😭', '😡', '😱', '🤯', '🥳', '😅', '😤', '😴', '🙏',
  '👍', '👎', '👏', '🙌', '💪', '🤝', '👌', '✌️', '👀', '❤️', '💔', '💯', '🔥', '⭐', '🎉', '🚀',
  '⚽', '🏀', '🏆', '🥅', '🎯', '📣', '⏱️', '🍺',
] as const;

export function EmojiPanel({ onPick }: { onPick: (emoji: string) => void }) {
  const t = useTranslations('chat.panel');
  return (
    <div className={styles.popover} role="dialog" aria-label={t('emoji')}>
      <div className={styles.emojiGrid}>
        {chatEmoji.map((emoji) => (
          <button key={emoji} type="button" className={styles.emoji} onClick={() => onPick(emoji)}>
            {emoji}
          </button>
        ))}
      </div>
    </div>
  );
}
