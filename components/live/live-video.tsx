'use client';
// The <video> of a live room and the engine feeding it: mpegts.js for HTTP-FLV, hls.js for HLS, or the browser's
// own HLS. Engines are browser-only and heavy, so each is imported when first needed. The source is read once
// per mount: a re-signed address of the same rendition must not restart playback (the parent keys this by
// rendition, engine and attempt).
import { useEffect, useRef, type RefObject } from 'react';
import { flvPlayerSettings, hlsPlayerSettings } from './engine-settings';
import type { PlaybackSource } from './playback';
import styles from './player.module.css';

type LiveVideoProps = {
  source: PlaybackSource;
  videoRef: RefObject<HTMLVideoElement | null>;
  muted: boolean;
  volume: number;
  label: string;
  /** The engine gave up (network lost, stream ended, decode error). */
  onFailure: () => void;
  /** The browser refused sound without a click: playing muted instead. */
  onMutedByBrowser: () => void;
  onPlaying: () => void;
};

type Detach = () => void;

async function attachFlv(video: HTMLVideoElement, url: string, fail: () => void): Promise<Detach> {
  const { default: mpegts } = await import('mpegts.js');
  const player = mpegts.createPlayer(
    { type: 'flv', isLive: true, url },
    { ...flvPlayerSettings },
  );
  player.on(mpegts.Events.ERROR, fail);
  // The server closing the stream means the encoder stopped.
  player.on(mpegts.Events.LOADING_COMPLETE, fail);
  player.attachMediaElement(video);
  player.load();
  return () => {
    player.off(mpegts.Events.ERROR, fail);
    player.off(mpegts.Events.LOADING_COMPLETE, fail);
    player.unload();
    player.detachMediaElement();
    player.destroy();
  };
}

async function attachHls(video: HTMLVideoElement, url: string, fail: () => void): Promise<Detach> {
  const { default: Hls } = await import('hls.js');
  const hls = new Hls({ ...hlsPlayerSettings });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (data.fatal) fail();
  });
  hls.loadSource(url);
  hls.attachMedia(video);
  return () => hls.destroy();
}

function attachNative(video: HTMLVideoElement, url: string, fail: () => void): Detach {
  video.addEventListener('error', fail);
  video.src = url;
  return () => {
    video.removeEventListener('error', fail);
    video.removeAttribute('src');
    video.load();
  };
}

export function LiveVideo({ source, videoRef, muted, volume, label, onFailure, onMutedByBrowser, onPlaying }: LiveVideoProps) {
  // Callbacks change with every render of the parent; the engine reads the latest without restarting.
  const latest = useRef({ source, onFailure, onMutedByBrowser, onPlaying });
  useEffect(() => {
    latest.current = { source, onFailure, onMutedByBrowser, onPlaying };
  });

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const { engine, url } = latest.current.source;
    let detach: Detach | undefined;
    let disposed = false;
    let failed = false;
    const fail = () => {
      if (disposed || failed) return;
      failed = true;
      latest.current.onFailure();
    };
    const playing = () => latest.current.onPlaying();
    video.addEventListener('playing', playing);
    const start = async () => {
      const attached = engine === 'flv' ? await attachFlv(video, url, fail) : engine === 'hls' ? await attachHls(video, url, fail) : attachNative(video, url, fail);
      if (disposed) return attached();
      detach = attached;
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
      video.removeEventListener('playing', playing);
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
