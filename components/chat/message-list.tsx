'use client';
// The chat's scrolling list: history paging at the top (spec §4 history loading, §8 "no more messages"),
// time separators after 60 s of quiet, and the newest line kept in view while the viewer is at the bottom. A busy
// room changes it several times a second: a line renders once (memoised), only the newest rows are in the page
// while it follows them, and the lines that leave at the top never move the others (no layout shift).
import { memo, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslations } from 'next-intl';
import { useChatStore, useChatStoreApi } from '@/stores/chat-store';
import { ChatLineView } from './chat-line';
import { oldestSeq, withTimeSeparators, type ChatLine } from '@/stores/chat-model';
import { useLiveChat } from './live-chat-provider';
import styles from './chat.module.css';
import { useDateFormat } from '@/components/shell/local-time';

/** Within this many pixels of the bottom the list follows new lines. */
const stickyDistance = 48;
/**
 * Rows in the page while the list follows the newest line: more than a tall panel shows. Once the viewer scrolls
 * up, every line the room keeps is there to read (and the browser keeps their place as the rows above appear).
 */
const rowsWhileFollowing = 40;

/** The first line in view while the viewer reads above the newest, and where it was: kept in place as lines come and go. */
type Anchor = { line: HTMLElement; offset: number; scrollTop: number };

/** The newest line in the list and where it was, with the list's top padding then (see holdInPlace). */
type HeldLine = { key: string; top: number; padding: number };

/**
 * Past this padding the list starts again from none (one visible jump): 40 lines a second fill it in about an hour
 * and a half, far below the heights browsers lay out.
 */
const maxHeldPadding = 8_000_000;

/**
 * Keeps the lines that stay where they were in the list's layout when lines left at its top: the top padding grows
 * by the height that left. Answers the newest line's place for the next change. One layout read.
 */
function holdInPlace(ol: HTMLElement, shown: readonly { key: string }[], before: HeldLine | null): HeldLine | null {
  const newest = ol.lastElementChild;
  const newestKey = shown.at(-1)?.key;
  if (!(newest instanceof HTMLElement) || newestKey === undefined) return null;
  // Places relative to the list, read before the padding changes (one layout).
  const top = (line: HTMLElement) => line.offsetTop - ol.offsetTop;
  const previous = before?.padding ?? 0;
  let padding = previous;
  if (before) {
    const index = shown.findLastIndex((row) => row.key === before.key);
    const line = index >= 0 ? ol.children[index] : undefined;
    if (line instanceof HTMLElement) padding += before.top - top(line);
  }
  if (padding < 0 || padding > maxHeldPadding) padding = 0;
  const newestTop = top(newest) + padding - previous;
  if (padding !== previous) ol.style.paddingTop = padding ? `${padding}px` : '';
  return { key: newestKey, top: newestTop, padding };
}

/** The first child of `list` whose bottom is below the top of `scroller`'s view (children are in page order). */
function firstInView(list: HTMLElement, scroller: HTMLElement): HTMLElement | null {
  const top = scroller.getBoundingClientRect().top;
  const children = list.children;
  let low = 0;
  let high = children.length - 1;
  let found: HTMLElement | null = null;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const child = children[middle];
    if (!(child instanceof HTMLElement)) return null;
    if (child.getBoundingClientRect().bottom > top) {
      found = child;
      high = middle - 1;
    } else {
      low = middle + 1;
    }
  }
  return found;
}

export function MessageList({ onActions }: { onActions?: (line: ChatLine, anchor: HTMLElement) => void }) {
  const t = useTranslations('chat.panel');
  const store = useChatStoreApi();
  const lines = useChatStore((state) => state.lines);
  const noMore = useChatStore((state) => state.noMore);
  const loading = useChatStore((state) => state.loadingHistory);
  const connection = useChatStore((state) => state.connection);
  const reading = useChatStore((state) => state.reading);
  const { loadEarlier } = useLiveChat();
  const rows = useMemo(() => withTimeSeparators(lines), [lines]);
  const scroller = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const anchor = useRef<Anchor | null>(null);

  const shown = useMemo(() => (reading ? rows : rows.slice(-rowsWhileFollowing)), [reading, rows]);
  const held = useRef<HeldLine | null>(null);

  // Following the newest, lines leaving at the top must not move the others in the page's layout (a layout shift
  // with every batch): the list's top padding takes the height that left, so only scrolling moves the lines.
  // Above the newest lines, the line the viewer reads stays where it was when older lines arrive above it
  // (history) or leave (the room's cap): the browser's scroll anchoring does it, or here, where it has none (one
  // layout read per change).
  useLayoutEffect(() => {
    const element = scroller.current;
    const ol = list.current;
    if (!element || !ol) return;
    if (following.current) {
      held.current = holdInPlace(ol, shown, held.current);
      element.scrollTop = element.scrollHeight;
      return;
    }
    const kept = anchor.current;
    if (!kept?.line.isConnected) return;
    const offset = kept.line.offsetTop;
    if (offset !== kept.offset) element.scrollTop = kept.scrollTop + offset - kept.offset;
    anchor.current = { line: kept.line, offset, scrollTop: element.scrollTop };
  }, [shown]);

  useEffect(() => {
    const element = scroller.current;
    const ol = list.current;
    const edge = bottom.current;
    if (!element || !ol || !edge) return;
    // Called after the browser's own layout, before paint: new lines, lines drawn at their real height once in
    // view, or a smaller panel (a phone's keyboard) keep the newest line in view without a layout of our own. Not
    // when the viewer has just scrolled up from where the list was put (or the list would pull them back down).
    let pinnedTop = element.scrollTop;
    const sizes = new ResizeObserver(() => {
      if (!following.current) return;
      const atEnd = element.scrollTop >= element.scrollHeight - element.clientHeight - 1;
      if (!atEnd && element.scrollTop < pinnedTop - 1) return;
      element.scrollTop = element.scrollHeight;
      pinnedTop = element.scrollTop;
    });
    // The list follows while its bottom edge is in view (or nearly), as measured after the size observer has run.
    const edgeInView = new IntersectionObserver(
      ([entry]) => {
        if (entry.isIntersecting === following.current) return;
        following.current = entry.isIntersecting;
        if (!entry.isIntersecting) {
          anchor.current = null;
          // Reading above: the padding goes (the browser's anchoring keeps the line read in place), or the viewer
          // would scroll through it to reach the earlier lines.
          held.current = null;
          ol.style.paddingTop = '';
        }
        store.getState().setReading(!entry.isIntersecting);
      },
      { root: element, rootMargin: `0px 0px ${stickyDistance}px 0px` },
    );
    // Where the browser has no scroll anchoring: the line read at the top of the view, kept on each scroll.
    const onScroll = () => {
      const line = following.current ? null : firstInView(ol, element);
      anchor.current = line ? { line, offset: line.offsetTop, scrollTop: element.scrollTop } : null;
    };
    sizes.observe(ol);
    sizes.observe(element);
    edgeInView.observe(edge);
    const manualAnchoring = !CSS.supports('overflow-anchor', 'auto');
    if (manualAnchoring) element.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      sizes.disconnect();
      edgeInView.disconnect();
      if (manualAnchoring) element.removeEventListener('scroll', onScroll);
      // Another tab of the panel shows no lines: the room keeps only the newest again.
      store.getState().setReading(false);
    };
  }, [store]);

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
      <ol className={styles.lines} aria-label={t('title')} ref={list}>
        {shown.map((row) =>
          row.kind === 'separator' ? <TimeSeparator key={row.key} at={row.at} /> : <ChatLineView key={row.key} line={row.line} onActions={onActions} />,
        )}
      </ol>
      <div className={styles.bottomEdge} ref={bottom} />
    </div>
  );
}

// Formats its time itself, once: reading the device's time zone is costly enough not to do on every list change.
const TimeSeparator = memo(function TimeSeparator({ at }: { at: number }) {
  const { time } = useDateFormat();
  return (
    <li className={styles.separator} aria-hidden="true">
      <span>{time(new Date(at))}</span>
    </li>
  );
});
