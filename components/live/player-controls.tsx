'use client';
// The live player's controls (issue 5): sound (mute and volume), the quality menu (1080p/720p/480p when offered,
// the source alone otherwise; HD behind a ticket in a ticketed room) and full screen. The menu works from the
// keyboard as a menu button does (WAI-ARIA APG): arrows open it and move between options, Enter or Space picks,
// Escape closes, and focus goes back to the button.
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslations } from 'next-intl';
import type { Quality } from '@/lib/validation/live';
import styles from './player.module.css';
import { useDismiss } from '@/components/shell/use-dismiss';

const iconProps = { width: 18, height: 18, viewBox: '0 0 24 24', fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, strokeLinecap: 'round', strokeLinejoin: 'round', 'aria-hidden': true, focusable: false } as const;

export function VolumeControl({ muted, volume, onMutedChange, onVolumeChange }: { muted: boolean; volume: number; onMutedChange: (muted: boolean) => void; onVolumeChange: (volume: number) => void }) {
  const t = useTranslations('player.controls');
  const silent = muted || volume === 0;
  return (
    <div className={styles.volume}>
      <button type="button" className={styles.iconButton} onClick={() => onMutedChange(!silent)} aria-label={silent ? t('unmute') : t('mute')} title={silent ? t('unmute') : t('mute')}>
        <svg {...iconProps}>
          <path d="M4 9v6h4l5 4V5L8 9z" />
          {silent ? <path d="M17 9l5 6M22 9l-5 6" /> : <path d="M16.5 8.5a5 5 0 0 1 0 7M19 6a8.5 8.5 0 0 1 0 12" />}
        </svg>
      </button>
      <input
        type="range"
        className={styles.volumeSlider}
        min={0}
        max={1}
        step={0.05}
        value={silent ? 0 : volume}
        aria-label={t('volume')}
        onChange={(event) => {
          const next = Number(event.target.value);
          onVolumeChange(next);
          onMutedChange(next === 0);
        }}
      />
    </div>
  );
}

type QualityMenuProps = {
  qualities: Quality[];
  current: Quality | null;
  onSelect: (quality: Quality) => void;
  /** A locked quality was chosen: HD behind a ticket. */
  onLocked: (quality: Quality) => void;
};

export function QualityMenu({ qualities, current, onSelect, onLocked }: QualityMenuProps) {
  const t = useTranslations('player.controls');
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLButtonElement | null)[]>([]);
  /** The option focused when the menu opens: the checked one, else the first or (arrow up) the last. */
  const focusOnOpen = useRef(0);

  useDismiss(open, root, useCallback(() => setOpen(false), []));

  useEffect(() => {
    if (open) items.current[focusOnOpen.current]?.focus();
  }, [open]);

  const openMenu = (from: 'first' | 'last') => {
    const checked = qualities.findIndex((quality) => quality.rendition === current?.rendition);
    focusOnOpen.current = checked >= 0 ? checked : from === 'last' ? qualities.length - 1 : 0;
    setOpen(true);
  };

  const closeToButton = () => {
    setOpen(false);
    button.current?.focus();
  };

  const openFrom = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    openMenu(event.key === 'ArrowUp' ? 'last' : 'first');
  };

  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = qualities.length - 1;
    const at = items.current.findIndex((item) => item === document.activeElement);
    // Arrows wrap around, as in a menu.
    const targets: Record<string, number> = { ArrowDown: at >= last ? 0 : at + 1, ArrowUp: at <= 0 ? last : at - 1, Home: 0, End: last };
    const next = targets[event.key];
    if (next !== undefined) {
      event.preventDefault();
      items.current[next]?.focus();
    } else if (event.key === 'Escape') {
      event.stopPropagation();
      closeToButton();
    }
  };

  if (qualities.length === 0) return null;
  const label = current ? current.name : t('quality');
  return (
    <div
      className={styles.quality}
      ref={root}
      // Tabbing out of the open menu closes it (a pointer press outside is useDismiss's).
      onBlur={(event) => {
        if (open && event.relatedTarget instanceof Node && !root.current?.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={styles.textButton}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => (open ? setOpen(false) : openMenu('first'))}
        onKeyDown={openFrom}
        aria-label={current ? t('qualityCurrent', { name: current.name }) : t('quality')}
        title={t('quality')}
      >
        {label}
        {current?.hd ? <span className={styles.hdTag}>{t('hd')}</span> : null}
      </button>
      {open ? (
        <div id={menuId} role="menu" tabIndex={-1} aria-label={t('quality')} className={styles.qualityMenu} onKeyDown={moveFocus}>
          {qualities.map((quality, index) => {
            const selected = quality.rendition === current?.rendition;
            return (
              <button
                key={quality.rendition}
                ref={(element) => {
                  items.current[index] = element;
                }}
                type="button"
                role="menuitemradio"
                aria-checked={selected}
                tabIndex={-1}
                className={styles.qualityItem}
                onClick={() => {
                  closeToButton();
                  if (quality.locked) onLocked(quality);
                  else onSelect(quality);
                }}
              >
                <span className={styles.qualityName}>{quality.name}</span>
                {quality.hd ? <span className={styles.hdTag}>{t('hd')}</span> : null}
                {quality.rendition === 'src' && qualities.length > 1 ? <span className={styles.qualityNote}>{t('source')}</span> : null}
                {quality.locked ? (
                  <span className={styles.qualityLock}>
                    <svg {...iconProps} width={14} height={14}>
                      <path d="M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4z" />
                    </svg>
                    {t('needsTicket')}
                  </span>
                ) : null}
              </button>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}

export function FullscreenButton({ target }: { target: RefObject<HTMLElement | null> }) {
  const t = useTranslations('player.controls');
  const [active, setActive] = useState(false);
  useEffect(() => {
    const sync = () => setActive(document.fullscreenElement !== null && document.fullscreenElement === target.current);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, [target]);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void target.current?.requestFullscreen?.();
  };
  return (
    <button type="button" className={styles.iconButton} onClick={toggle} aria-label={active ? t('exitFullscreen') : t('fullscreen')} title={active ? t('exitFullscreen') : t('fullscreen')}>
      <svg {...iconProps}>
        {active ? <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" /> : <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />}
      </svg>
    </button>
  );
}
