'use client';
// The room's video area: the live player (engine, quality, sound, full screen, HD behind a ticket) in the player
// slot, with the chat's barrage and entrance overlays above it. A dropped stream tries the other engine, then
// asks the server again and retries every few seconds while the room still reads as live.
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslations } from 'next-intl';
import { LiveVideo } from '@/components/live/live-video';
import { chooseQuality, orderQualities, pickSource, probeCapabilities, type PlaybackCapabilities, type PlaybackEngine } from '@/components/live/playback';
import { FullscreenButton, QualityMenu, VolumeControl } from '@/components/live/player-controls';
import playerStyles from '@/components/live/player.module.css';
import { TicketDialog } from '@/components/live/ticket-dialog';
import { readStoredUserId } from '@/lib/http/stored-session';
import type { Rendition } from '@/lib/server/media/renditions';
import type { TicketReply } from '@/lib/server/tickets/hd';
import { useSessionStore } from '@/stores/session-store';
import { BarrageOverlay } from './barrage-overlay';
import { BarrageToggle } from './barrage-toggle';
import { EntranceOverlay } from './entrance-overlay';
import { PlayerSlot } from './player-slot';
import { useRoom } from './room-context';

const retryAfterMs = 3000;

// Capabilities never change within a page: probed once, and unknown (null) while rendering on the server.
let probed: PlaybackCapabilities | undefined;
const probeOnce = () => (probed ??= probeCapabilities());
const subscribeNever = () => () => undefined;

export function LiveStage({ anchorName }: { anchorName: string }) {
  const t = useTranslations('player');
  const { anchorId, room, phase, viewerId, refresh, update } = useRoom();
  const openLogin = useSessionStore((state) => state.openLogin);
  const caps = useSyncExternalStore(subscribeNever, probeOnce, () => null);
  const frame = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const [wanted, setWanted] = useState<Rendition | null>(null);
  const [failed, setFailed] = useState<ReadonlySet<PlaybackEngine>>(new Set());
  const [attempt, setAttempt] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [muted, setMuted] = useState(false);
  const [volume, setVolume] = useState(1);
  const [mutedByBrowser, setMutedByBrowser] = useState(false);
  const [ticketOpen, setTicketOpen] = useState(false);

  // A new phase (away, live again) starts the engines afresh.
  const [seenPhase, setSeenPhase] = useState(phase);
  if (seenPhase !== phase) {
    setSeenPhase(phase);
    setFailed(new Set());
    setPlaying(false);
  }

  const qualities = orderQualities(room.play);
  const quality = chooseQuality(room.play, wanted);
  const source = quality && caps ? pickSource(quality, caps, failed) : null;
  const exhausted = phase === 'live' && quality !== null && caps !== null && source === null && failed.size > 0;

  // Every engine failed on this rendition: after a pause, start again from the first (the room is refetched
  // meanwhile, so an encoder that went away turns the poster to "away" instead).
  useEffect(() => {
    if (!exhausted) return;
    const timer = setTimeout(() => {
      setFailed(new Set());
      setAttempt((value) => value + 1);
    }, retryAfterMs);
    return () => clearTimeout(timer);
  }, [exhausted]);

  const onFailure = () => {
    setPlaying(false);
    if (source) setFailed((current) => new Set([...current, source.engine]));
    refresh();
  };

  const select = (rendition: Rendition) => {
    setWanted(rendition);
    setFailed(new Set());
    setPlaying(false);
  };

  // A stored session counts as signed in while its user loads: the ticket requests carry it.
  const askForHd = () => {
    if (viewerId === null && readStoredUserId() === undefined) openLogin();
    else setTicketOpen(true);
  };

  const unlocked = (reply: TicketReply) => {
    update((current) => ({ ...current, play: reply.play, ticket: { ...current.ticket, granted: 1 } }));
    setTicketOpen(false);
    select('src');
  };

  const locked = qualities.some((item) => item.locked === 1);
  const live = phase === 'live';
  return (
    <>
      <PlayerSlot
        phase={phase}
        anchorName={anchorName}
        frameRef={frame}
        overlays={
          <>
            <BarrageOverlay />
            <EntranceOverlay />
          </>
        }
        controls={
          <>
            {live ? (
              <span className={playerStyles.liveBadge}>
                <span className={playerStyles.liveDot} aria-hidden="true" />
                {t('controls.live')}
              </span>
            ) : null}
            <span className={playerStyles.spacer} />
            {live && source ? (
              <VolumeControl
                muted={muted}
                volume={volume}
                onMutedChange={(next) => {
                  setMuted(next);
                  setMutedByBrowser(false);
                }}
                onVolumeChange={setVolume}
              />
            ) : null}
            {live ? <QualityMenu qualities={qualities} current={quality} onSelect={(item) => select(item.rendition)} onLocked={askForHd} /> : null}
            <BarrageToggle />
            {live ? <FullscreenButton target={frame} /> : null}
          </>
        }
      >
        <div className={playerStyles.screen}>
          {source && quality ? (
            <LiveVideo
              key={`${quality.rendition}:${source.engine}:${attempt}`}
              source={source}
              videoRef={video}
              muted={muted}
              volume={volume}
              label={t('stage.videoLabel', { name: anchorName })}
              onFailure={onFailure}
              onMutedByBrowser={() => {
                setMuted(true);
                setMutedByBrowser(true);
              }}
              onPlaying={() => setPlaying(true)}
            />
          ) : null}
          {quality === null && locked ? (
            <div className={playerStyles.notice}>
              <p className={playerStyles.noticeTitle}>{t('stage.hdOnly')}</p>
              <p className={playerStyles.noticeText}>{t('stage.hdOnlyHint')}</p>
              <button type="button" className={playerStyles.primaryButton} onClick={askForHd}>
                {t('stage.watchHd')}
              </button>
            </div>
          ) : caps && quality && !source && failed.size === 0 ? (
            <div className={playerStyles.notice}>
              <p className={playerStyles.noticeTitle}>{t('stage.unsupported')}</p>
              <p className={playerStyles.noticeText}>{t('stage.unsupportedHint')}</p>
            </div>
          ) : quality && !playing ? (
            <div className={playerStyles.connecting} role="status">
              <span className={playerStyles.spinner} aria-hidden="true" />
              {exhausted ? t('stage.reconnecting') : t('stage.connecting')}
            </div>
          ) : null}
          {mutedByBrowser && playing ? (
            <button
              type="button"
              className={playerStyles.unmute}
              onClick={() => {
                setMuted(false);
                setMutedByBrowser(false);
              }}
            >
              {t('controls.tapToUnmute')}
            </button>
          ) : null}
        </div>
      </PlayerSlot>
      {ticketOpen && viewerId !== null ? <TicketDialog anchorId={anchorId} viewerId={viewerId} onClose={() => setTicketOpen(false)} onUnlocked={unlocked} /> : null}
    </>
  );
}
