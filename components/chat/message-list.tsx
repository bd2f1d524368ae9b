'use client';
// The chat's scrolling list: history paging at the top (spec §4 history loading, §8 "no more messages"),
// time separators after 60 s of quiet, and the newest line kept in view while the viewer is at the bottom.
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslations } from 'next-intl';
import { useChatStore } from '@/stores/chat-store';
import { ChatLineView } from './chat-line';
import { oldestSeq, withTimeSeparators, type ChatLine } from '@/stores/chat-model';
import { useLiveChat } from './live-chat-provider';
import styles from './chat.module.css';
import { useDateFormat } from '@/components/shell/local-time';

/** Within this many pixels of the bottom the list follows new lines. */
const stickyDistance = 48;

export function MessageList({ onActions }: { onActions?: (line: ChatLine, anchor: HTMLElement) => void }) {
  const t = useTranslations('chat.panel');
  const lines = useChatStore((state) => state.lines);
  const noMore = useChatStore((state) => state.noMore);
  const loading = useChatStore((state) => state.loadingHistory);
  const connection = useChatStore((state) => state.connection);
  const { loadEarlier } = useLiveChat();
  const rows = useMemo(() => withTimeSeparators(lines), [lines]);
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const heightBefore = useRef<{ height: number; top: number; firstKey: string | undefined } | null>(null);
  const { time } = useDateFormat();

  // Older lines arriving above keep the viewer's place; new lines below follow only when they were at the bottom.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const before = heightBefore.current;
    if (before && before.firstKey !== lines[0]?.key && !atBottom.current) {
      element.scrollTop = before.top + (element.scrollHeight - before.height);
    } else if (atBottom.current) {
      element.scrollTop = element.scrollHeight;
    }
    heightBefore.current = { height: element.scrollHeight, top: element.scrollTop, firstKey: lines[0]?.key };
  }, [lines]);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const onScroll = () => {
      atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < stickyDistance;
      heightBefore.current = { height: element.scrollHeight, top: element.scrollTop, firstKey: heightBefore.current?.firstKey };
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    return () => element.removeEventListener('scroll', onScroll);
  }, []);

  return (
    <div className={styles.scroller} ref={scroller}>
      <div className={styles.historyRow}>
        {noMore ? (
          <span className={styles.noMore}>{t('noMore')}</span>
        ) : lines.length > 0 ? (
          <button type="button" className={styles.loadEarlier} onClick={() => loadEarlier(oldestSeq(lines))} disabled={loading}>
            {loading ? t('loadingEarlier') : t('loadEarlier')}
          </button>
        ) : null}
      </div>
      {lines.length === 0 && connection === 'ready' ? <p className={styles.emptyChat}>{t('empty')}</p> : null}
      <ol className={styles.lines} aria-label={t('title')}>
        {rows.map((row) =>
          row.kind === 'separator' ? (
            <li key={row.key} className={styles.separator} aria-hidden="true">
              <span>{time(new Date(row.at))}</span>
            </li>
          ) : (
            <ChatLineView key={row.key} line={row.line} onActions={onActions} />
          ),
        )}
      </ol>
    </div>
  );
}
