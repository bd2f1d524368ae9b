'use client';
// One line of the live chat (spec §3 live chat message): level badge, nickname, the room's anchor and managers
// tagged as such, text; a colourful bubble or a speaker when props were used; login lines, gifts and system
// notices. Text is rendered as text, never markup. Memoised: a busy room adds lines many times a second, and a line
// already shown does not render again.
import { memo } from 'react';
import { useTranslations } from 'next-intl';
import { LevelBadge } from '@/components/user/level-badge';
import type { ChatSender } from '@/lib/realtime/protocol';
import { parseRoomKey } from '@/lib/validation/chat-constants';
import type { ChatLine } from '@/stores/chat-model';
import styles from './chat.module.css';

type ChatLineProps = {
  line: ChatLine;
  /** Offered on other viewers' lines when the viewer moderates the room. */
  onActions?: (line: ChatLine, anchor: HTMLElement) => void;
};

/** The room's own anchor, or a manager (of every room, or appointed in this one): the tag says who speaks with authority. */
function roleTag(sender: Pick<ChatSender, 'user_id' | 'role' | 'room_manager'>, groupId: string): 'anchor' | 'manager' | undefined {
  const room = parseRoomKey(groupId);
  if (room?.kind === 'live' && room.id === sender.user_id) return 'anchor';
  return sender.role === 'manager' || sender.role === 'operator' || sender.room_manager === 1 ? 'manager' : undefined;
}

export const ChatLineView = memo(function ChatLineView({ line, onActions }: ChatLineProps) {
  const t = useTranslations('chat');
  if (line.kind === 'notice') {
    const text =
      line.notice === 'banned'
        ? t('panel.bannedNotice', { name: line.name })
        : line.notice === 'unbanned'
          ? t('panel.unbannedNotice', { name: line.name })
          : t('panel.followed', { name: line.name });
    return (
      <li className={styles.notice} data-notice={line.notice}>
        {text}
      </li>
    );
  }
  const { message } = line;
  if (line.kind === 'login') {
    return (
      <li className={styles.loginLine} data-vip={message.vip_level || undefined}>
        <LevelBadge level={message.level} />
        <span className={styles.name}>{message.nick_name}</span>
        <span>{t('panel.entered')}</span>
      </li>
    );
  }
  if (line.kind === 'gift') {
    return (
      <li className={styles.giftLine}>
        <LevelBadge level={message.level} />
        <span className={styles.name}>{message.nick_name}</span>
        <span>{t('panel.gift', { gift: line.message.gift_name })}</span>
        {line.message.icon ? <img src={line.message.icon} alt="" width={20} height={20} className={styles.giftIcon} /> : null}
        {line.message.hit > 1 ? <span className={styles.hit}>{t('panel.aggregated', { count: line.message.hit })}</span> : null}
      </li>
    );
  }
  const chat = line.message;
  const speaker = chat.props_type === 100;
  const bubble = chat.props_type === 101 ? chat.props_id : undefined;
  const moderate = onActions && line.chatType === 2 && chat.id ? onActions : undefined;
  const tag = roleTag(chat, chat.groupId);
  return (
    <li
      className={styles.line}
      onContextMenu={
        moderate
          ? (event) => {
              event.preventDefault();
              moderate(line, event.currentTarget);
            }
          : undefined
      }
      data-mine={line.chatType === 1 || undefined}
      data-pending={line.pending || undefined}
      data-speaker={speaker || undefined}
      data-bubble={bubble}
      data-role={chat.role}
      data-user-id={chat.user_id}
      data-message-id={chat.id || undefined}
    >
      <span className={styles.meta}>
        <LevelBadge level={chat.level} />
        {tag ? (
          <span className={styles.roleTag} data-tag={tag}>
            {t(tag === 'anchor' ? 'panel.anchorTag' : 'panel.managerTag')}
          </span>
        ) : null}
        <span className={styles.name}>{chat.nick_name}</span>
      </span>
      <span className={styles.text}>
        {chat.content}
        {chat.hit && chat.hit > 1 ? <span className={styles.hit}>{t('panel.aggregated', { count: chat.hit })}</span> : null}
      </span>
      {moderate ? (
        <button
          type="button"
          className={styles.lineActions}
          aria-label={t('panel.messageActions', { name: chat.nick_name })}
          aria-haspopup="menu"
          onClick={(event) => moderate(line, event.currentTarget)}
        >
          <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
            <circle cx="3" cy="8" r="1.5" fill="currentColor" />
            <circle cx="8" cy="8" r="1.5" fill="currentColor" />
            <circle cx="13" cy="8" r="1.5" fill="currentColor" />
          </svg>
        </button>
      ) : null}
    </li>
  );
});
