// The one interface every media server sits behind: the embedded node-media-server, or an external SRS or
// nginx-rtmp reached through URL templates and our HTTP hooks. Routes and services see only this.
import type { Db } from '@/lib/db';
import type { Rendition } from '@/lib/validation/live';
import type { Ffmpeg } from './ffmpeg';
import type { MediaPaths } from './paths';
import type { HdPlayQuery } from './signing';

/** Where the page was requested from: URLs for viewers and encoders default to that host. */
export type RequestSite = { hostname: string; secure: boolean };

/** Spec §3 stream info, plus the address split as OBS asks for it (server, stream key). */
export type PushAddress = { push_url: string; push_server: string; push_key: string; web_rtc_push_url: string };

export type PlayAddress = { flv: string; hls: string };

/** What every role needs: the addresses encoders push to and players play from. */
export interface MediaAddresses {
  readonly kind: 'embedded' | 'external';
  /** Whether encoders can push over WebRTC (the dialog's fast-push switch). */
  readonly offersWebrtc: boolean;
  pushAddress(stream: string, secret: string, site: RequestSite): PushAddress;
  /** `query` carries an HD signature; `hls` is empty when the server writes no HLS for the live. */
  playAddress(stream: string, rendition: Rendition, site: RequestSite, options: { hls: boolean; query?: HdPlayQuery }): PlayAddress;
}

/** What the `media` role runs. */
export interface MediaServer extends MediaAddresses {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** "ok", or why the media side is not serving. */
  health(): string;
}

/** Turns a closed recording into a replay: the replays domain's, handed to the media server by the media role. */
export type RecordingFinalizer = {
  finalize(db: Db, ffmpeg: Ffmpeg, paths: MediaPaths, liveId: number): Promise<unknown>;
  finalizePending(db: Db, ffmpeg: Ffmpeg, paths: MediaPaths): Promise<void>;
};
