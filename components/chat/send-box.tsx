'use client';
// Where a viewer writes: the text field (100 characters), emoji and props, and send. A guest is offered the
// login dialog; a banned viewer sees until when; while the connection is down the send button waits. A refused
// message comes back into the field, and while the speak rate holds the viewer back the button counts down.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { maxChatLength } from '@/lib/realtime/protocol-constants';
import { useChatStore, useChatStoreApi } from '@/stores/chat-store';
import { useSessionStore } from '@/stores/session-store';
import { useUserStore } from '@/stores/user-store';
import { chatInputId } from './chat-skip-link';
import { useLiveChat, type SendProps } from './live-chat-provider';
import styles from './chat.module.css';
import { useDateFormat } from '@/components/shell/local-time';

// Opened on a click: their code comes then, not with the room.
const EmojiPanel = dynamic(() => import('./emoji-panel').then((module) => module.EmojiPanel), { ssr: false });
const PropsPicker = dynamic(() => import('./props-picker').then((module) => module.PropsPicker), { ssr: false });

const plain: SendProps = { props_type: 0, props_id: 0 };

export function SendBox() {
  const t = useTranslations('chat.panel');
  const { dateTime } = useDateFormat();
  const store = useChatStoreApi();
  const me = useChatStore((state) => state.me);
  const bannedUntil = useChatStore((state) => state.bannedUntil);
  const retryAt = useChatStore((state) => state.retryAt);
  const ready = useChatStore((state) => state.connection === 'ready');
  const openLogin = useSessionStore((state) => state.openLogin);
  const signedIn = useUserStore((state) => state.userInfo !== null);
  const { say } = useLiveChat();
  const [text, setText] = useState('');
  const [props, setProps] = useState<SendProps>(plain);
  const [open, setOpen] = useState<'emoji' | 'props' | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const root = useRef<HTMLFormElement>(null);
  const emojiButton = useRef<HTMLButtonElement>(null);
  const propsButton = useRef<HTMLButtonElement>(null);

  // A refused message's text comes back, unless the viewer has started another one meanwhile.
  useEffect(
    () =>
      store.subscribe((state) => {
        if (!state.draft) return;
        const content = state.draft.content;
        state.takeDraft();
        setText((current) => (current.trim() === '' ? content : current));
      }),
    [store],
  );

  // The speak rate's wait, counted down on the send button.
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!retryAt) return;
    const timer = setInterval(() => {
      setTick((tick) => tick + 1);
      if (Date.now() >= retryAt) store.getState().setRetryAt(null);
    }, 250);
    return () => clearInterval(timer);
  }, [retryAt, store]);
  const waitSeconds = retryAt ? Math.max(0, Math.ceil((retryAt - Date.now()) / 1000)) : 0;

  // A ban that ends while the page is open lifts without a reload.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!bannedUntil) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(1000, Math.min(bannedUntil - Date.now(), 60_000)));
    return () => clearTimeout(timer);
  }, [bannedUntil, now]);
  const banned = bannedUntil !== null && (bannedUntil === 0 || bannedUntil > now);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return;
        // Focus goes back to the button that opened the panel, not to the page.
        (open === 'emoji' ? emojiButton : propsButton).current?.focus();
        setOpen(null);
      } else if (!(event.target instanceof Node && root.current?.contains(event.target))) {
        setOpen(null);
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  // Before the connection says who the viewer is, the stored user decides what the box offers.
  const guest = me ? me.guest : !signedIn;
  const disabled = guest || banned;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const content = text.trim();
    if (!content || disabled || !ready || waitSeconds > 0) return;
    if (say(content, props)) {
      setText('');
      setOpen(null);
    }
  };

  const insert = (emoji: string) => {
    const field = input.current;
    const start = field?.selectionStart ?? text.length;
    const end = field?.selectionEnd ?? text.length;
    const next = (text.slice(0, start) + emoji + text.slice(end)).slice(0, maxChatLength * 2);
    setText(next);
    requestAnimationFrame(() => {
      field?.focus();
      field?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  const placeholder = guest ? t('placeholderGuest') : banned ? t('placeholderBanned') : t('placeholder');
  const banEnd =
    bannedUntil === 0 ? t('bannedForever') : bannedUntil ? t('bannedUntil', { time: dateTime(new Date(bannedUntil)) }) : '';

  return (
    <form className={styles.sendBox} onSubmit={submit} ref={root}>
      {banned ? (
        <p className={styles.bannedBar} role="status">
          <strong>{t('youAreBanned')}</strong> {banEnd}
        </p>
      ) : null}
      {open === 'emoji' ? <EmojiPanel onPick={insert} /> : null}
      {open === 'props' && me && !me.guest ? <PropsPicker viewer={{ id: Number(me.id), role: me.role }} selected={props} onSelect={(choice) => { setProps(choice); setOpen(null); }} /> : null}
      <div className={styles.composer} data-props={props.props_type === 100 ? 'speaker' : props.props_type === 101 ? `bubble${props.props_id}` : undefined}>
        <button type="button" ref={emojiButton} className={styles.tool} aria-label={t('emoji')} aria-expanded={open === 'emoji'} disabled={disabled} onClick={() => setOpen(open === 'emoji' ? null : 'emoji')}>
          <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" aria-hidden="true" focusable="false">
            <circle cx="12" cy="12" r="9" />
            <path d="M8.5 14.5a4.5 4.5 0 0 0 7 0" />
            <path d="M9 9.5h.01M15 9.5h.01" strokeWidth="2.6" />
          </svg>
        </button>
        <button type="button" ref={propsButton} className={styles.tool} aria-label={t('props')} aria-expanded={open === 'props'} data-active={props.props_type !== 0 || undefined} disabled={disabled} onClick={() => setOpen(open === 'props' ? null : 'props')}>
          <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" aria-hidden="true" focusable="false">
            <path d="M12 3l2.4 5 5.6.8-4 3.9.9 5.5L12 15.6l-4.9 2.6.9-5.5-4-3.9 5.6-.8z" />
          </svg>
        </button>
        <label className="visually-hidden" htmlFor={chatInputId}>
          {t('placeholder')}
        </label>
        <input
          id={chatInputId}
          ref={input}
          className={styles.input}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={placeholder}
          maxLength={maxChatLength}
          disabled={disabled}
          autoComplete="off"
          enterKeyHint="send"
        />
        {guest ? (
          <button type="button" className={styles.send} onClick={openLogin}>
            {t('login')}
          </button>
        ) : (
          <button type="submit" className={styles.send} disabled={disabled || !ready || text.trim() === '' || waitSeconds > 0}>
            {waitSeconds > 0 ? t('waitToSend', { seconds: waitSeconds }) : t('send')}
          </button>
        )}
      </div>
    </form>
  );
}
