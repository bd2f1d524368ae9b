import 'server-only';
// The embedded media server: node-media-server (RTMP in, HTTP-FLV and WS-FLV out) inside the `media` role.
//
// node-media-server checks its own signature on every publish and play synchronously, right after emitting
// prePublish/prePlay. Our listeners run first and decide: they write a valid signature (made with a per-process
// secret nobody else knows) into the session's query only when we accept, so a refused session is closed by the
// server before a byte flows. Push keys and HD tokens are HMACs (signing.ts), so that decision needs no lookup;
// the database check (a current key with an open live) follows and closes a revoked publisher.
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import NodeMediaServer from 'node-media-server';
import nmsLogger from 'node-media-server/src/core/logger.js';
import type { Db } from '@/lib/db';
import { lives } from '@/lib/db/schema';
import type { Env } from '@/lib/env';
import type { Bus } from '@/lib/realtime/bus';
import { log } from '@/lib/server/log';
import { isTicketed, liveStateChannel, markStreamAway, parseLiveStateEvent, type LiveStateEvent } from '@/lib/server/live-state/state';
import type { Ffmpeg, ManagedProcess } from './ffmpeg';
import { bitrateKbps, encoderReportIntervalMs, reportEncoders, type ByteReading, type EncoderSample } from './encoder-stats';
import { stampIngestClock } from './ingest-clock';
import { authorizePublish, hdViewerAllowed, streamStarted, streamStopped } from './hooks';
import { mediaPaths, type MediaPaths } from './paths';
import { removeHls, startPipeline, type PipelinePlan } from './pipeline';
import { parseRenditionStream, planRenditions } from './renditions';
import { checkHdPlay, isAnchorSecret, isInternalToken, streamNamePattern } from './signing';
import { embeddedPlayAddress, embeddedPushAddress } from './urls';
import type { MediaServer, RecordingFinalizer } from './types';

type Session = NodeMediaServer.Session;

export type EmbeddedOptions = {
  env: Env;
  db: Db;
  bus: Bus;
  /** Undefined: no HLS, no ladder, no recordings; the source is offered alone. */
  ffmpeg: Ffmpeg | undefined;
  bind: string;
  /** This media process's name (MEDIA_NODE_ID): the lives it received are marked with it. */
  node: string;
  rtmpPort: number;
  httpPort: number;
  dataDir: string;
  /** Re-encode the lower rungs of the ladder (MEDIA_TRANSCODE). */
  transcode: boolean;
  record: boolean;
  /**
   * Turns a closed recording into a replay (lib/server/replays/finalize.ts, handed in by the media role: replays
   * sit above media). Without it a recording stays on disk until a process that has it starts.
   */
  recordings?: RecordingFinalizer;
};


type EmbeddedStats = { publishers: number; viewers: number; pipelines: number };
export type EmbeddedMediaServer = MediaServer & { stats(): EmbeddedStats };

type StreamState = {
  liveId: number;
  anchorId: number;
  ticketed: boolean;
  publisher?: Session;
  /** The publisher's byte count at the last encoder report (its bitrate is the difference). */
  lastReading?: ByteReading;
  pipeline?: ManagedProcess;
};

type Viewer = { session: Session; stream: string; hdKey?: string; hd?: { uid: number; sid: number } };

const appName = 'live';
const maxPipelineRestarts = 5;
/** HD viewers' sessions and grants are checked again at this interval: a logout ends an HD connection within it. */
const hdRecheckMs = 30_000;

function queryValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** node-media-server's own signature format: `<exp>-md5(<path>-<exp>-<secret>)`. */
function serverSignature(streamPath: string, secret: string): string {
  const exp = Math.floor(Date.now() / 1000) + 60;
  return `${exp}-${crypto.createHash('md5').update(`${streamPath}-${exp}-${secret}`).digest('hex')}`;
}

function portIsFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

/** Resolves once the source's metadata says its height, or after a short wait (0: unknown). */
async function sourceHeightOf(session: Session): Promise<number> {
  for (let waited = 0; waited < 3000 && session.videoHeight === 0; waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
  return session.videoHeight;
}

function socketOf(session: Session): net.Socket | undefined {
  return session.socket ?? session.req?.socket;
}

export function createEmbeddedMediaServer(options: EmbeddedOptions): EmbeddedMediaServer {
  const { env, db, bus } = options;
  const serverSecret = crypto.randomBytes(24).toString('hex');
  const paths: MediaPaths = mediaPaths(options.dataDir);
  const streams = new Map<string, StreamState>();
  const viewers = new Map<string, Viewer>();
  const hdSessions = new Map<string, string>();
  const viewerCounts = new Map<number, number>();
  const dirtyCounts = new Set<number>();
  // Operations on one stream run one after another: a reconnect never overtakes the disconnect before it.
  const queues = new Map<string, Promise<void>>();
  let nms: NodeMediaServer | undefined;
  let unsubscribe: (() => Promise<void>) | undefined;
  let flushTimer: NodeJS.Timeout | undefined;
  let reportTimer: NodeJS.Timeout | undefined;
  let hdTimer: NodeJS.Timeout | undefined;
  let status = 'not started';

  const serially = (stream: string, task: () => Promise<void>) => {
    const next = (queues.get(stream) ?? Promise.resolve()).then(task).catch((error: unknown) =>
      log.error('media stream task failed', { stream, error: error instanceof Error ? error.stack : String(error) }),
    );
    queues.set(stream, next);
    void next.then(() => {
      if (queues.get(stream) === next) queues.delete(stream);
    });
    return next;
  };

  const accept = (session: Session) => {
    session.streamQuery.sign = serverSignature(session.streamPath, serverSecret);
  };

  const countViewer = (stream: string, delta: number) => {
    const state = streams.get(stream);
    if (!state) return;
    viewerCounts.set(state.liveId, Math.max(0, (viewerCounts.get(state.liveId) ?? 0) + delta));
    dirtyCounts.add(state.liveId);
  };

  const flushViewerCounts = async () => {
    const changed = [...dirtyCounts];
    dirtyCounts.clear();
    for (const liveId of changed) {
      const count = viewerCounts.get(liveId) ?? 0;
      await db
        .update(lives)
        .set({ viewers: count, peakViewers: sql`greatest(${lives.peakViewers}, ${count})` })
        .where(and(eq(lives.id, liveId), ne(lives.status, 'ended')));
    }
  };

  /** What each publisher sent since the last report; metadata fields are absent with some encoders (then 0). */
  const reportEncoderStats = async () => {
    const samples: EncoderSample[] = [];
    const at = Date.now();
    for (const state of streams.values()) {
      const publisher = state.publisher;
      if (!publisher) continue;
      const reading = { bytes: publisher.inBytes, at };
      samples.push({
        live_id: state.liveId,
        bitrate_kbps: bitrateKbps(state.lastReading, reading),
        width: Math.round(Number(publisher.videoWidth) || 0),
        height: Math.round(Number(publisher.videoHeight) || 0),
        fps: Math.round((Number(publisher.videoFramerate) || 0) * 100) / 100,
        at,
      });
      state.lastReading = reading;
    }
    await reportEncoders(bus, samples);
  };

  const stopPipeline = async (state: StreamState) => {
    const pipeline = state.pipeline;
    state.pipeline = undefined;
    await pipeline?.stop();
  };

  const onPublisherGone = (stream: string, session: Session) =>
    serially(stream, async () => {
      const state = streams.get(stream);
      if (!state || state.publisher !== session) return;
      state.publisher = undefined;
      await stopPipeline(state);
      await streamStopped(db, stream);
    });

  const onAnchorPublish = (stream: string, session: Session) =>
    serially(stream, async () => {
      // node-media-server refuses a second publisher on a busy path after our listener ran.
      if (!session.isPublisher) return;
      const decision = await authorizePublish(db, stream, queryValue(session.streamQuery.key));
      if (!decision.ok) {
        log.info('publish refused', { stream, reason: decision.reason });
        session.close();
        return;
      }
      const { live } = decision;
      const state: StreamState = streams.get(stream) ?? { liveId: live.id, anchorId: live.anchorId, ticketed: isTicketed(live) };
      Object.assign(state, { liveId: live.id, anchorId: live.anchorId, ticketed: isTicketed(live), publisher: session, lastReading: { bytes: session.inBytes, at: Date.now() } });
      streams.set(stream, state);
      const socket = socketOf(session);
      if (!socket || socket.destroyed) {
        state.publisher = undefined;
        await streamStopped(db, stream);
        return;
      }
      socket.once('close', () => void onPublisherGone(stream, session));

      const ffmpeg = options.ffmpeg;
      const sourceHeight = await sourceHeightOf(session);
      const renditions = ffmpeg ? planRenditions(sourceHeight, options.transcode) : planRenditions(sourceHeight, false);
      if (ffmpeg) runPipeline(stream, state, session, { stream, liveId: live.id, renditions, record: options.record, rtmpPort: options.rtmpPort, paths }, ffmpeg);
      await streamStarted(db, live, { renditions, sourceHeight, hls: Boolean(ffmpeg), mediaNode: options.node });
    });

  /** Keeps the pipeline running while this publisher is: a crashed ffmpeg is restarted a few times, then given up. */
  const runPipeline = (stream: string, state: StreamState, session: Session, plan: PipelinePlan, ffmpeg: Ffmpeg, restarts = 0) => {
    if (state.publisher !== session || streams.get(stream) !== state) return;
    const pipeline = startPipeline(ffmpeg, plan);
    state.pipeline = pipeline;
    void pipeline.exited.then((code) => {
      if (state.pipeline !== pipeline) return;
      state.pipeline = undefined;
      log.warn('media pipeline exited', { stream, code, output: pipeline.output().trim().split('\n').slice(-2).join(' | ') });
      if (restarts < maxPipelineRestarts) setTimeout(() => runPipeline(stream, state, session, plan, ffmpeg, restarts + 1), 3000).unref();
    });
  };

  const onLiveEnded = (event: LiveStateEvent) =>
    serially(event.stream, async () => {
      const state = streams.get(event.stream);
      streams.delete(event.stream);
      viewerCounts.delete(event.live_id);
      if (state) {
        state.publisher?.close();
        await stopPipeline(state);
      }
      for (const [id, viewer] of viewers) {
        if (viewer.stream !== event.stream) continue;
        viewers.delete(id);
        viewer.session.close();
      }
      removeHls(paths, event.stream);
      if (options.ffmpeg) await options.recordings?.finalize(db, options.ffmpeg, paths, event.live_id);
    });

  const prePublish = (session: Session) => {
    delete session.streamQuery.sign;
    if (session.streamApp !== appName) return;
    const { stream, rendition } = parseRenditionStream(session.streamName);
    if (rendition !== 'src') {
      // Only our own pipeline publishes the lower rungs.
      if (isInternalToken(session.streamName, queryValue(session.streamQuery.internal))) accept(session);
      return;
    }
    if (!streamNamePattern.test(stream) || !isAnchorSecret(stream, queryValue(session.streamQuery.key))) return;
    accept(session);
    // Every frame of the anchor's picture says when it reached us (the rungs inherit it through the pipeline).
    if (session.rtmp) session.rtmp.onPacketCallback = stampIngestClock(session.rtmp.onPacketCallback);
    void onAnchorPublish(stream, session);
  };

  const prePlay = (session: Session) => {
    delete session.streamQuery.sign;
    if (session.streamApp !== appName) return;
    if (isInternalToken(session.streamName, queryValue(session.streamQuery.internal))) return accept(session);
    const { stream, rendition } = parseRenditionStream(session.streamName);
    const state = streams.get(stream);
    // Nothing is open on this name in this process: refused; players ask getRoomInfo again and retry.
    if (!state) return;
    let hdKey: string | undefined;
    let hd: Viewer['hd'];
    if (rendition === 'src' && state.ticketed) {
      const check = checkHdPlay(stream, session.streamQuery);
      if (!check.ok) return;
      // One HD session per viewer: a shared URL cannot serve a second screen; the newest connection wins.
      hdKey = `${stream}|${check.uid}`;
      hd = { uid: check.uid, sid: check.sid };
      const previous = hdSessions.get(hdKey);
      if (previous) viewers.get(previous)?.session.close();
      hdSessions.set(hdKey, session.id);
    }
    accept(session);
    viewers.set(session.id, { session, stream, hdKey, hd });
    // The signature was checked at once (the server needs the answer synchronously); its session and ticket follow.
    if (hd) void checkHdViewer(session.id, state, hd);
  };

  /** Closes an HD viewer whose sign-in session ended or who holds no ticket for this live. */
  const checkHdViewer = async (sessionId: string, state: StreamState, hd: { uid: number; sid: number }) => {
    const allowed = await hdViewerAllowed(db, { id: state.liveId, anchorId: state.anchorId }, hd.uid, hd.sid).catch(() => 'ok' as const);
    if (allowed === 'ok') return;
    log.info('HD play ended', { stream: viewers.get(sessionId)?.stream, reason: allowed });
    viewers.get(sessionId)?.session.close();
  };

  const recheckHdViewers = async () => {
    for (const [id, viewer] of viewers) {
      const state = streams.get(viewer.stream);
      if (viewer.hd && state) await checkHdViewer(id, state, viewer.hd);
    }
  };

  const postPlay = (session: Session) => {
    const viewer = viewers.get(session.id);
    if (viewer) countViewer(viewer.stream, 1);
  };

  const donePlay = (session: Session) => {
    const viewer = viewers.get(session.id);
    if (!viewer) return;
    viewers.delete(session.id);
    if (viewer.hdKey && hdSessions.get(viewer.hdKey) === session.id) hdSessions.delete(viewer.hdKey);
    countViewer(viewer.stream, -1);
  };

  const guarded = (name: string, listener: (session: Session) => void) => (session: Session) => {
    try {
      listener(session);
    } catch (error) {
      log.error('media hook failed', { hook: name, error: error instanceof Error ? error.stack : String(error) });
    }
  };

  return {
    kind: 'embedded',
    offersWebrtc: false,
    pushAddress: (stream, secret, site) => embeddedPushAddress(env, stream, secret, site),
    playAddress: (stream, rendition, site, playOptions) => embeddedPlayAddress(env, stream, rendition, site, playOptions),

    async start() {
      for (const port of [options.rtmpPort, options.httpPort]) {
        if (!(await portIsFree(port, options.bind))) {
          status = `port ${port} is in use: set MEDIA_RTMP_PORT / MEDIA_HTTP_PORT`;
          log.error('media server not started', { reason: status });
          return;
        }
      }
      for (const dir of Object.values(paths)) fs.mkdirSync(dir, { recursive: true });
      // Its console lines join our structured log; a refused session is routine, not an error.
      nmsLogger.log = (message, level = 'info') => {
        const routine = level !== 'error' || message.includes('authentication verification failed');
        (routine ? log.debug : log.warn)('media server', { level, message });
      };
      nms = new NodeMediaServer({
        bind: options.bind,
        rtmp: { port: options.rtmpPort },
        http: { port: options.httpPort },
        auth: { publish: true, play: true, secret: serverSecret },
        store: { path: path.join(options.dataDir, 'media', 'server-store') },
        webadmin: { enable: false },
      });
      nms.on('prePublish', guarded('prePublish', prePublish));
      nms.on('prePlay', guarded('prePlay', prePlay));
      nms.on('postPlay', guarded('postPlay', postPlay));
      nms.on('donePlay', guarded('donePlay', donePlay));
      await nms.run();
      // Nothing publishes to a server that just started: the lives this process received in its last run are away now.
      // Only those: other media processes still hold theirs. (No node: a live from before lives recorded one.)
      const stale = await db
        .select({ id: lives.id })
        .from(lives)
        .where(and(eq(lives.status, 'live'), or(eq(lives.mediaNode, options.node), isNull(lives.mediaNode))));
      for (const live of stale) await markStreamAway(db, live.id);
      unsubscribe = await bus.subscribe(liveStateChannel, (message) => {
        const event = parseLiveStateEvent(message);
        if (event?.status === 'ended') void onLiveEnded(event);
      });
      flushTimer = setInterval(() => void flushViewerCounts().catch((error: unknown) => log.warn('viewer counts not saved', { error: String(error) })), 5000);
      flushTimer.unref();
      reportTimer = setInterval(() => void reportEncoderStats().catch((error: unknown) => log.warn('encoder report not sent', { error: String(error) })), encoderReportIntervalMs);
      reportTimer.unref();
      hdTimer = setInterval(() => void recheckHdViewers(), hdRecheckMs);
      hdTimer.unref();
      if (options.ffmpeg) void options.recordings?.finalizePending(db, options.ffmpeg, paths);
      status = 'ok';
      log.info('media server listening', { rtmp: options.rtmpPort, http: options.httpPort, ffmpeg: options.ffmpeg?.version ?? 'not found' });
    },

    async stop() {
      if (!nms) return;
      clearInterval(flushTimer);
      clearInterval(reportTimer);
      clearInterval(hdTimer);
      await unsubscribe?.();
      for (const state of streams.values()) await stopPipeline(state);
      await nms.stop();
      nms = undefined;
      await Promise.all([...queues.values()]);
      await flushViewerCounts().catch(() => undefined);
      status = 'stopped';
    },

    health: () => status,

    stats: () => ({
      publishers: [...streams.values()].filter((state) => state.publisher).length,
      viewers: viewers.size,
      pipelines: [...streams.values()].filter((state) => state.pipeline?.running()).length,
    }),
  };
}
