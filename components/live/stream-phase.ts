// The live room's stream lifecycle as the player shows it (spec §4 live state, plus "ended" once a live the
// viewer saw on air has closed). Derived from getRoomInfo each time it is fetched again.
import { liveStatuses, type LiveStatus } from '@/lib/validation/live-constants';

export type StreamPhase = 'notStarted' | 'live' | 'away' | 'ended';

/**
 * `status` is getRoomInfo's live_status; `open` whether the anchor has an open live (waiting counts).
 * A live that closed while the viewer watched reads "ended"; a room never seen on air reads "not started".
 */
export function nextStreamPhase(previous: StreamPhase | null, status: LiveStatus, open: boolean): StreamPhase {
  if (status === liveStatuses.live) return 'live';
  if (status === liveStatuses.away) return 'away';
  if (open) return 'notStarted';
  return previous === 'live' || previous === 'away' || previous === 'ended' ? 'ended' : 'notStarted';
}
