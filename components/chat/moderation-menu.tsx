'use client';
// The room manager's menu on a viewer's line (spec §6): delete the message, or ban its author with a duration
// (minutes, hours, days, permanent) and one of the spec's reasons. The server decides; this only asks.
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslations } from 'next-intl';
import { banDurationMax, banReasons, banUnits, type BanReason, type BanUnit } from '@/lib/validation/chat-constants';
import type { ChatLine } from '@/stores/chat-model';
import { useLiveChat } from './live-chat-provider';
import styles from './chat.module.css';

type Target = { line: Extract<ChatLine, { kind: 'chat' }>; anchor: HTMLElement };

const defaultDuration: Record<Exclude<BanUnit, 'permanent'>, number> = { minute: 30, hour: 2, day: 1 };

export function ModerationMenu({ target, onClose }: { target: Target; onClose: () => void }) {
  const t = useTranslations('chat');
  const { deleteMessage } = useLiveChat();
  const [banning, setBanning] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  const message = target.line.message;

  useLayoutEffect(() => {
    const box = target.anchor.getBoundingClientRect();
    const width = 220;
    setPosition({ top: Math.min(box.bottom + 4, window.innerHeight - 140), left: Math.max(8, Math.min(box.right - width, window.innerWidth - width - 8)) });
  }, [target.anchor]);

  useEffect(() => {
    if (banning) return;
    menu.current?.querySelector<HTMLButtonElement>('button')?.focus();
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !(event.target instanceof Node && menu.current?.contains(event.target))) onClose();
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [banning, onClose]);

  // Both live at the end of <body>: the chat column is a stacking context of its own (sticky), which would keep
  // them under the site header.
  if (banning) return createPortal(<BanDialog target={{ user_id: message.user_id, nick_name: message.nick_name }} onClose={onClose} />, document.body);
  return createPortal(
    <div ref={menu} className={styles.menu} role="menu" aria-label={t('panel.messageActions', { name: message.nick_name })} style={position ?? { visibility: 'hidden' }}>
      <button
        type="button"
        role="menuitem"
        className={styles.menuItem}
        onClick={() => {
          deleteMessage(message.id);
          onClose();
        }}
      >
        {t('menu.delete')}
      </button>
      <button type="button" role="menuitem" className={styles.menuItem} data-danger onClick={() => setBanning(true)}>
        {t('menu.ban', { name: message.nick_name })}
      </button>
    </div>,
    document.body,
  );
}

function BanDialog({ target, onClose }: { target: { user_id: number; nick_name: string }; onClose: () => void }) {
  const t = useTranslations('chat');
  const { ban } = useLiveChat();
  const titleId = useId();
  const [unit, setUnit] = useState<BanUnit>('minute');
  const [duration, setDuration] = useState(defaultDuration.minute);
  const [reason, setReason] = useState<BanReason>('advertising');
  const [busy, setBusy] = useState(false);
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    dialog.current?.querySelector<HTMLElement>('select, input, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const done = await ban(target, unit, unit === 'permanent' ? 0 : duration, reason);
    setBusy(false);
    if (done) onClose();
  };

  return (
    <div className={styles.backdrop}>
      <div ref={dialog} className={styles.dialog} role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <form onSubmit={submit}>
          <h2 id={titleId} className={styles.dialogTitle}>
            {t('banDialog.title', { name: target.nick_name })}
          </h2>
          <p className={styles.dialogHint}>{t('banDialog.summary', { name: target.nick_name })}</p>
          <fieldset className={styles.field}>
            <legend>{t('banDialog.duration')}</legend>
            <div className={styles.segments}>
              {banUnits.map((choice) => (
                <label key={choice} className={styles.segment} data-checked={unit === choice || undefined}>
                  <input
                    type="radio"
                    name="ban-unit"
                    value={choice}
                    checked={unit === choice}
                    onChange={() => {
                      setUnit(choice);
                      if (choice !== 'permanent') setDuration(defaultDuration[choice]);
                    }}
                  />
                  {t(`units.${choice}`)}
                </label>
              ))}
            </div>
          </fieldset>
          {unit !== 'permanent' ? (
            <label className={styles.field}>
              <span>{t('banDialog.amount')}</span>
              <input
                className={styles.fieldInput}
                type="number"
                min={1}
                max={banDurationMax[unit]}
                value={duration}
                onChange={(event) => setDuration(Math.max(1, Math.min(banDurationMax[unit], Math.floor(Number(event.target.value) || 1))))}
              />
            </label>
          ) : null}
          <label className={styles.field}>
            <span>{t('banDialog.reason')}</span>
            <select className={styles.fieldInput} value={reason} onChange={(event) => setReason(banReasons.find((value) => value === event.target.value) ?? 'other')}>
              {banReasons.map((choice) => (
                <option key={choice} value={choice}>
                  {t(`reasons.${choice}`)}
                </option>
              ))}
            </select>
          </label>
          <div className={styles.dialogActions}>
            <button type="button" className={styles.secondary} onClick={onClose}>
              {t('banDialog.cancel')}
            </button>
            <button type="submit" className={styles.danger} disabled={busy}>
              {t('banDialog.confirm')}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
