'use client';
// The room's video area: the live player (engine, quality, sound, full screen, HD behind a ticket) in the player
// slot, with the chat's barrage, entrance and gift overlays above it, and the gift button. player-machine.ts decides what plays: a rendition
// that does not play gives way to another, then to HLS, and the viewer reads which; when nothing plays they read
// so, with a retry. Every failure asks the server again, so an encoder that went away turns the poster to "away".
// Until the first frame the live's cover fills the player (the room's largest paint on a phone). A hidden page with
// nothing to hear stops its engine and starts again at the live edge when shown; a video with sound plays on.
import { useEffect, useReducer, useRef, useState, useSyncExternalStore } from 'react';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { LiveVideo } from '@/components/live/live-video';
import { addressFor, chooseQuality, orderQualities, playbackPlan, probeCapabilities, type Attempt, type PlaybackCapabilities } from '@/components/live/playback';
import { currentAttempt, initialPlayerState, pausable, playerReducer, replacedAttempt } from '@/components/live/player-machine';
import { FullscreenButton, QualityMenu, VolumeControl } from '@/components/live/player-controls';
import { PlayerPoster } from '@/components/live/player-poster';
import { usePageVisible } from '@/stores/page-visibility';
import playerStyles from '@/components/live/player.module.css';
import { readStoredUserId } from '@/lib/http/stored-session';
import type { Rendition, TicketReply } from '@/lib/validation/live';
import { useSessionStore } from '@/stores/session-store';
import { BarrageToggle } from './barrage-toggle';
import { GiftButton } from './gift-button';
import { QuizButton } from './quiz-button';
import { PlayerSlot } from './player-slot';
import { useRoom } from './room-context';

// Not in the first paint: the overlays come after it, the ticket dialog when asked for.
const RoomOverlays = dynamic(() => import('./room-overlays').then((module) => module.RoomOverlays), { ssr: false });
const TicketDialog = dynamic(() => import('./ticket-dialog').then((module) => module.TicketDialog), { ssr: false });

/** A stream that played and dropped is tried again after this pause. */
const resumeAfterMs = 3000;
/** When nothing played, everything is tried again after this (or at once with the viewer's retry). */
const retryAfterMs = 15_000;
/** How wide the player is drawn (live-room.module.css): the whole width up to one column, then beside the chat. */
const playerSizes = '(max-width: 960px) 100vw, 852px';

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
  const [player, dispatch] = useReducer(playerReducer, initialPlayerState);
  const [muted, setMuted] = useState(false);
  const [volume, setVolume] = useState(1);
  const [mutedByBrowser, setMutedByBrowser] = useState(false);
  const [ticketOpen, setTicketOpen] = useState(false);
  const pageHidden = !usePageVisible();

  const qualities = orderQualities(room.play);
  const quality = chooseQuality(room.play, wanted);
  const plan = phase === 'live' && quality && caps ? playbackPlan(room.play, quality, caps) : [];
  // Re-signed addresses of the same renditions keep playing; a new phase, choice or ladder starts afresh.
  const planKey = `${phase}|${plan.map((attempt) => `${attempt.rendition}:${attempt.engine}`).join(',')}`;
  if (player.key !== planKey) dispatch({ type: 'start', key: planKey, plan });
  // Nothing to hear on a hidden page: the engine stops (the watchdog of a video with sound already waits).
  const suspended = pageHidden && (muted || volume === 0);
  if (suspended && pausable(player)) dispatch({ type: 'hide' });
  if (!suspended && player.status === 'paused') dispatch({ type: 'show' });

  const attempt = currentAttempt(player);
  const replaced = replacedAttempt(player);
  const qualityOf = (item: Attempt) => qualities.find((candidate) => candidate.rendition === item.rendition);
  const playingQuality = attempt ? (qualityOf(attempt) ?? null) : quality;
  const source = attempt && playingQuality ? { engine: attempt.engine, url: addressFor(playingQuality, attempt.engine) } : null;

  useEffect(() => {
    if (player.status !== 'reconnecting' && player.status !== 'failed') return;
    const timer = setTimeout(() => dispatch({ type: player.status === 'failed' ? 'retry' : 'resume' }), player.status === 'failed' ? retryAfterMs : resumeAfterMs);
    return () => clearTimeout(timer);
  }, [player.status, player.run]);

  const onFailure = () => {
    dispatch({ type: 'fail' });
    refresh();
  };

  const select = (rendition: Rendition) => setWanted(rendition);

  /** "720p", or "720p over HLS" when the engine is not the browser's first. */
  const describe = (item: Attempt) => {
    const name = qualityOf(item)?.name ?? item.rendition;
    return item.engine === player.plan[0]?.engine ? name : t('stage.overHls', { name });
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
        overlays={<RoomOverlays />}
        controls={
          <>
            {live ? (
              <span className={playerStyles.liveBadge}>
                <span className={playerStyles.liveDot} aria-hidden="true" />
                {t('controls.live')}
              </span>
            ) : null}
            <span className={playerStyles.spacer} />
            {/* Shown before the engine starts (its slot is in the first paint) and gone only when nothing plays. */}
            {live && player.status !== 'failed' ? (
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
            {live ? <QualityMenu qualities={qualities} current={playingQuality} onSelect={(item) => select(item.rendition)} onLocked={askForHd} /> : null}
            {/* Gifts go to an anchor with an open live, on air or about to be. */}
            {room.live ? <GiftButton /> : null}
            {room.live ? <QuizButton /> : null}
            <BarrageToggle />
            {live ? <FullscreenButton target={frame} /> : null}
          </>
        }
      >
        <div className={playerStyles.screen}>
          {player.status !== 'playing' ? (
            <PlayerPoster cover={room.cover} srcSet={room.cover_srcset} sizes={playerSizes} title={room.title} anchorName={anchorName} />
          ) : null}
          {source ? (
            <LiveVideo
              key={player.run}
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
              onFrame={() => dispatch({ type: 'frame' })}
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
          ) : caps && quality && player.status === 'idle' ? (
            <div className={playerStyles.notice}>
              <p className={playerStyles.noticeTitle}>{t('stage.unsupported')}</p>
              <p className={playerStyles.noticeText}>{t('stage.unsupportedHint')}</p>
            </div>
          ) : player.status === 'failed' ? (
            <div className={playerStyles.notice} role="alert">
              <p className={playerStyles.noticeTitle}>{t('stage.failed')}</p>
              <p className={playerStyles.noticeText}>{t('stage.failedHint')}</p>
              <button type="button" className={playerStyles.primaryButton} onClick={() => dispatch({ type: 'retry' })}>
                {t('stage.retry')}
              </button>
            </div>
          ) : quality && player.status !== 'playing' ? (
            <div className={playerStyles.connecting} role="status">
              <span className={playerStyles.spinner} aria-hidden="true" />
              {player.status === 'reconnecting'
                ? t('stage.reconnecting')
                : replaced && attempt
                  ? t('stage.fallbackTrying', { from: describe(replaced), to: describe(attempt) })
                  : t('stage.connecting')}
            </div>
          ) : null}
          {player.status === 'playing' && replaced && attempt ? (
            <p className={playerStyles.fallback} role="status">
              {t('stage.fallbackPlaying', { from: describe(replaced), to: describe(attempt) })}
            </p>
          ) : null}
          {mutedByBrowser && player.status === 'playing' ? (
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
