// The anchor's studio in their own room and in live management (issue 18): the encoder status of the open live and
// the summary of an ended one. Inputs and replies, one schema each: the handlers type their answers with them and
// the browser parses those answers with the same schemas.
import { z } from 'zod';

/** The studio asks again this often (docs/live.md: polled, not pushed). */
export const encoderStatusPollMs = 2000;

/** POST /api/live/liveSummary: one of the caller's own lives, once it ended. */
export const liveSummaryInput = z.object({
  live_id: z.coerce
    .number('live.validation.liveRequired')
    .int('live.validation.liveRequired')
    .positive('live.validation.liveRequired')
    .max(Number.MAX_SAFE_INTEGER, 'live.validation.liveRequired'),
});

/** What the encoder sends, as the media server measured it; null while nothing is measured (no publisher yet). */
export const encoderMeasurementSchema = z.object({
  bitrate_kbps: z.number().int().min(0),
  width: z.number().int().min(0),
  height: z.number().int().min(0),
  fps: z.number().min(0),
});
export type EncoderMeasurement = z.infer<typeof encoderMeasurementSchema>;

/** POST /api/live/encoderStatus: the caller's open live (null when none) and its encoder. Times in Unix seconds, 0 when not yet. */
export const encoderStatusReply = z.object({
  live: z
    .object({
      live_id: z.number().int(),
      title: z.string(),
      // waiting: no encoder yet; live: receiving; away: the encoder stopped and the live ends at `ends_at` unless it is back.
      state: z.enum(['waiting', 'live', 'away']),
      started_at: z.number().int(),
      stream_started_at: z.number().int(),
      ends_at: z.number().int(),
      viewers: z.number().int().min(0),
      peak_viewers: z.number().int().min(0),
    })
    .nullable(),
  encoder: encoderMeasurementSchema.nullable(),
});
export type EncoderStatus = z.infer<typeof encoderStatusReply>;

const replayStates = ['processing', 'ready', 'none'] as const;
export type ReplayState = (typeof replayStates)[number];

/** POST /api/live/liveSummary's answer. `duration`: seconds from the first frame received to the end (0: no stream ever came). */
export const liveSummaryReply = z.object({
  live_id: z.number().int(),
  anchor_id: z.number().int(),
  title: z.string(),
  started_at: z.number().int(),
  ended_at: z.number().int(),
  duration: z.number().int().min(0),
  peak_viewers: z.number().int().min(0),
  new_followers: z.number().int().min(0),
  // processing: the recording is being turned into a replay; ready: `replay_id` plays; none: no replay will come.
  replay: z.object({ state: z.enum(replayStates), replay_id: z.number().int(), duration: z.number().int().min(0) }),
});
export type LiveSummary = z.infer<typeof liveSummaryReply>;
