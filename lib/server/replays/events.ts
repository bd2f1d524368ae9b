// The bus events of the replay list: a new replay (the media role publishes it once the recording is an MP4 in the
// list, the console when it shows a hidden one again) and a removed one (retention, the console's hide and delete);
// the web role purges the cached replay lists and counts (lib/server/public-pages/freshness.ts).
import { z } from 'zod';
import { getBus } from '@/lib/realtime/bus';
import { log } from '@/lib/server/log';

export const replayReadyChannel = 'replay:ready';
export const replayRemovedChannel = 'replay:removed';

const replayReadyEventSchema = z.object({ replay_id: z.number(), live_id: z.number(), anchor_id: z.number() });

export type ReplayReadyEvent = z.infer<typeof replayReadyEventSchema>;

/** Publishes a change of the replay list; a failure is logged, not thrown. */
export async function announceReplayChange(channel: typeof replayReadyChannel | typeof replayRemovedChannel, event: ReplayReadyEvent): Promise<void> {
  try {
    await getBus().publish(channel, JSON.stringify(event));
  } catch (error) {
    // The row is the truth; a lost event leaves the replay lists stale for their lifetime (a minute).
    log.warn('replay event not published', { channel, ...event, error: error instanceof Error ? error.message : String(error) });
  }
}

export function parseReplayReadyEvent(message: string): ReplayReadyEvent | undefined {
  try {
    const parsed = replayReadyEventSchema.safeParse(JSON.parse(message));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
