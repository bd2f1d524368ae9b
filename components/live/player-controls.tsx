'use client';
// The live player's controls (issue 5): sound (mute and volume), the quality menu (1080p/720p/480p when offered,
// the source alone otherwise; HD behind a ticket in a ticketed room) and full screen.
import { useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useTranslations } from 'next-intl';
import type { Quality } from '@/lib/server/live/rooms';
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

  useDismiss(open, root, useCallback(() => setOpen(false), []));

  if (qualities.length === 0) return null;
  const label = current ? current.name : t('quality');
  return (
    <div className={styles.quality} ref={root}>
      <button
        type="button"
        className={styles.textButton}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
        aria-label={current ? t('qualityCurrent', { name: current.name }) : t('quality')}
        title={t('quality')}
      >
        {label}
        {current?.hd ? <span className={styles.hdTag}>{t('hd')}</span> : null}
      </button>
      {open ? (
        <div id={menuId} role="menu" aria-label={t('quality')} className={styles.qualityMenu}>
          {qualities.map((quality) => {
            const selected = quality.rendition === current?.rendition;
            return (
              <button
                key={quality.rendition}
                type="button"
                role="menuitemradio"
                aria-checked={selected}
                className={styles.qualityItem}
                onClick={() => {
                  setOpen(false);
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
