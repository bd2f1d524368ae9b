import 'server-only';
// What an anchor's encoder is sending, as the embedded media server measures it: the bitrate from the publisher's
// count of received bytes, resolution and frame rate from the stream's metadata. The media role reports every
// publisher on the bus every couple of seconds; the web role (the same process or another) keeps the latest
// report per live to answer the anchor's encoder status.
import { z } from 'zod';
import type { Bus } from '@/lib/realtime/bus';
import { log } from '@/lib/server/log';
import { encoderMeasurementSchema, type EncoderMeasurement } from '@/lib/validation/anchor-studio';

const encoderStatsChannel = 'media:encoder';
export const encoderReportIntervalMs = 2000;
/** Older than this, a report no longer describes the encoder (publisher gone, media role stopped). */
const freshForMs = 3 * encoderReportIntervalMs;

export type EncoderSample = EncoderMeasurement & { live_id: number; at: number };

const reportSchema = z.object({ samples: z.array(encoderMeasurementSchema.extend({ live_id: z.number().int(), at: z.number() })) });

/** A publisher's received-byte count at a moment. */
export type ByteReading = { bytes: number; at: number };

/** kbit/s between two readings; 0 without an earlier reading, when no time passed, or when the count went back (a new session). */
export function bitrateKbps(previous: ByteReading | undefined, current: ByteReading): number {
  if (!previous || current.at <= previous.at || current.bytes < previous.bytes) return 0;
  return Math.round(((current.bytes - previous.bytes) * 8) / (current.at - previous.at));
}

/** Publishes one report (the media role's timer). */
export async function reportEncoders(bus: Bus, samples: EncoderSample[]): Promise<void> {
  if (samples.length > 0) await bus.publish(encoderStatsChannel, JSON.stringify({ samples }));
}

type Listener = { bus: Bus; samples: Map<number, EncoderSample>; subscribed: Promise<unknown> };

// One subscription per process and bus, on globalThis: server.ts and Next's bundle load separate copies of this module.
const key = Symbol.for('sportcast.encoder-samples');
const holder = globalThis as { [key]?: Listener };

function listen(bus: Bus): Listener {
  const current = holder[key];
  if (current?.bus === bus) return current;
  const samples = new Map<number, EncoderSample>();
  const subscribed = bus
    .subscribe(encoderStatsChannel, (message) => {
      try {
        const report = reportSchema.safeParse(JSON.parse(message));
        if (!report.success) return;
        for (const sample of report.data.samples) samples.set(sample.live_id, sample);
        // Ended lives stop being reported: forget them rather than keep every live ever seen.
        const newest = Math.max(...report.data.samples.map((sample) => sample.at));
        for (const [liveId, kept] of samples) if (newest - kept.at > 60_000) samples.delete(liveId);
      } catch {
        // Not JSON: not ours.
      }
    })
    .catch((error: unknown) => log.warn('encoder reports not followed', { error: error instanceof Error ? error.message : String(error) }));
  const listener: Listener = { bus, samples, subscribed };
  holder[key] = listener;
  return listener;
}

/**
 * The newest report on the live's encoder, if recent. The first call in a process starts listening, so it has
 * nothing to answer yet; the next report (within encoderReportIntervalMs) fills it in.
 */
export async function latestEncoderSample(bus: Bus, liveId: number, now = Date.now()): Promise<EncoderMeasurement | undefined> {
  const listener = listen(bus);
  await listener.subscribed;
  const sample = listener.samples.get(liveId);
  if (!sample || now - sample.at > freshForMs) return undefined;
  return { bitrate_kbps: sample.bitrate_kbps, width: sample.width, height: sample.height, fps: sample.fps };
}
