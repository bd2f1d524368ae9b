// The bus events of the replay list: a new replay (the media role publishes it once the recording is an MP4 in the
// list) and a removed one (retention, lib/server/replays/retention.ts); the web role purges the cached replay lists
// and counts (lib/server/public-pages/freshness.ts).
import { z } from 'zod';

export const replayReadyChannel = 'replay:ready';
export const replayRemovedChannel = 'replay:removed';

const replayReadyEventSchema = z.object({ replay_id: z.number(), live_id: z.number(), anchor_id: z.number() });

export type ReplayReadyEvent = z.infer<typeof replayReadyEventSchema>;

export function parseReplayReadyEvent(message: string): ReplayReadyEvent | undefined {
  try {
    const parsed = replayReadyEventSchema.safeParse(JSON.parse(message));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
