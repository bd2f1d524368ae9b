'use client';
// The <video> of a live room and the engine feeding it: mpegts.js for HTTP-FLV, hls.js for HLS, or the browser's
// own HLS. Engines are browser-only and heavy, so each is imported when first needed, once the page has loaded and
// gone idle (player-scheduling.ts), and both demux in a worker. The source is read once per mount: a re-signed
// address of the same rendition must not restart playback (the parent keys this by attempt). A watchdog reports a
// failure when no frame is decoded in time: a stream the engine cannot decode (issue 18: an empty AVC sequence
// header) raises no error in mpegts.js, it only logs a warning.
import { useEffect, useRef, type RefObject } from 'react';
import { flvPlayerSettings, hlsPlayerSettings } from './engine-settings';
import type { PlaybackSource } from './playback';
import { afterPageSettled } from './player-scheduling';
import { createVideoClock, type VideoClock } from './video-clock';
import { setPresentedClock } from '@/stores/video-sync';
import styles from './player.module.css';

/** How long an engine may take to the first decoded frame: HLS waits for a playlist and a whole segment. */
const firstFrameTimeoutMs: Record<PlaybackSource['engine'], number> = { flv: 8000, hls: 12_000, native: 12_000 };

type LiveVideoProps = {
  source: PlaybackSource;
  videoRef: RefObject<HTMLVideoElement | null>;
  muted: boolean;
  volume: number;
  label: string;
  /** The engine gave up (network lost, stream ended, decode error), or no frame came in time. */
  onFailure: () => void;
  /** The browser refused sound without a click: playing muted instead. */
  onMutedByBrowser: () => void;
  /** The first picture was decoded. */
  onFrame: () => void;
};

type Detach = () => void;

/** mpegts.js's PlayerEvents.SEI_ARRIVED, which its type declarations leave out. */
const flvSeiArrived = 'sei_arrived';

async function attachFlv(video: HTMLVideoElement, url: string, fail: () => void, clock: VideoClock): Promise<Detach> {
  const { default: mpegts } = await import('mpegts.js');
  const player = mpegts.createPlayer(
    { type: 'flv', isLive: true, url },
    { ...flvPlayerSettings },
  );
  player.on(mpegts.Events.ERROR, fail);
  player.on(flvSeiArrived, clock.fromFlvSei);
  // The server closing the stream means the encoder stopped.
  player.on(mpegts.Events.LOADING_COMPLETE, fail);
  player.attachMediaElement(video);
  player.load();
  return () => {
    player.off(mpegts.Events.ERROR, fail);
    player.off(flvSeiArrived, clock.fromFlvSei);
    player.off(mpegts.Events.LOADING_COMPLETE, fail);
    player.unload();
    player.detachMediaElement();
    player.destroy();
  };
}

async function attachHls(video: HTMLVideoElement, url: string, fail: () => void, clock: VideoClock): Promise<Detach> {
  // The UMD build: it carries the code hls.js starts its transmuxing worker from, which the ES module build lacks.
  const { default: Hls } = await import('hls.js/dist/hls.js');
  const hls = new Hls({ ...hlsPlayerSettings });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (data.fatal) fail();
  });
  hls.on(Hls.Events.FRAG_PARSING_USERDATA, (_event, data) => clock.fromHlsUserdata(data.samples));
  hls.loadSource(url);
  hls.attachMedia(video);
  return () => hls.destroy();
}

function attachNative(video: HTMLVideoElement, url: string): Detach {
  video.src = url;
  return () => {
    video.removeAttribute('src');
    video.load();
  };
}

/** A picture is there: data at the playhead and a size (an audio-only start has neither a width nor a frame). */
const hasFrame = (video: HTMLVideoElement) => video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && video.videoWidth > 0;

export function LiveVideo({ source, videoRef, muted, volume, label, onFailure, onMutedByBrowser, onFrame }: LiveVideoProps) {
  // Callbacks change with every render of the parent; the engine reads the latest without restarting.
  const latest = useRef({ source, onFailure, onMutedByBrowser, onFrame });
  useEffect(() => {
    latest.current = { source, onFailure, onMutedByBrowser, onFrame };
  });

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const { engine, url } = latest.current.source;
    let detach: Detach | undefined;
    let disposed = false;
    let failed = false;
    let framed = false;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const fail = () => {
      if (disposed || failed) return;
      failed = true;
      clearTimeout(watchdog);
      latest.current.onFailure();
    };
    const progress = () => {
      if (framed || failed || disposed || !hasFrame(video)) return;
      framed = true;
      clearTimeout(watchdog);
      latest.current.onFrame();
    };
    // A hidden tab may decode nothing until it is shown: the watchdog only counts while the page is visible.
    const arm = () => {
      watchdog = setTimeout(() => (document.visibilityState === 'hidden' ? arm() : fail()), firstFrameTimeoutMs[engine]);
    };
    const frameEvents = ['loadeddata', 'playing', 'timeupdate'] as const;
    frameEvents.forEach((name) => video.addEventListener(name, progress));
    video.addEventListener('error', fail);
    const start = async () => {
      await afterPageSettled();
      if (disposed) return;
      const clock = createVideoClock(video);
      const attached = engine === 'flv' ? await attachFlv(video, url, fail, clock) : engine === 'hls' ? await attachHls(video, url, fail, clock) : attachNative(video, url);
      if (disposed) return attached();
      // The room's live data follows this picture while it plays (stores/video-sync.ts).
      setPresentedClock(clock.presentedWallMs);
      detach = () => {
        setPresentedClock(null);
        attached();
      };
      arm();
      try {
        await video.play();
      } catch (error) {
        // Autoplay with sound is refused until the viewer interacts: start muted and offer sound.
        if (disposed || !(error instanceof DOMException) || error.name !== 'NotAllowedError') return;
        video.muted = true;
        latest.current.onMutedByBrowser();
        await video.play().catch(() => undefined);
      }
    };
    start().catch(fail);
    return () => {
      disposed = true;
      clearTimeout(watchdog);
      frameEvents.forEach((name) => video.removeEventListener(name, progress));
      video.removeEventListener('error', fail);
      detach?.();
    };
  }, [videoRef]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = muted;
    video.volume = volume;
  }, [videoRef, muted, volume]);

  return <video ref={videoRef} className={styles.video} playsInline muted={muted} aria-label={label} />;
}
