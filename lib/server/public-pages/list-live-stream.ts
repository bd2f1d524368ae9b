import 'server-only';
// The live stream of the list pages (home, /liveMatches): the scores of the matches a page shows and the rooms going
// on or off air, as Server-Sent Events. It starts with a snapshot: those matches as they stand and which rooms are on
// air, so the page corrects whatever changed between its render and the browser connecting.
import { getDb } from '@/lib/db';
import { scoreboardChannel, type BoardMessage, type OnAirChangeMessage, type ScoreLiveMessage } from '@/lib/realtime/match-messages';
import { onAirSignature } from '@/lib/server/live/rooms';
import { liveStateChannel, parseLiveStateEvent } from '@/lib/server/live-state/state';
import { getScoreboard } from '@/lib/server/matches/queries';
import { openBusEventStream, sharedReads } from './event-stream';

// Browsers (re)connecting together share one read per set of matches, and one of the rooms on air, per second.
const boards = sharedReads<ScoreLiveMessage[]>(1_000);
const onAir = sharedReads<string>(1_000);

async function readBoard(matchIds: number[]): Promise<BoardMessage> {
  const db = await getDb();
  const [scores, signature] = await Promise.all([
    boards(matchIds.join(','), () => getScoreboard(db, matchIds)),
    onAir('on-air', () => onAirSignature(db)),
  ]);
  return { type: 'board', scores, on_air: signature };
}

function scoreOfFollowed(followed: Set<number>, message: string): string | undefined {
  try {
    const parsed = JSON.parse(message) as Partial<ScoreLiveMessage>;
    return parsed.type === 'scoreLive' && typeof parsed.match_id === 'number' && followed.has(parsed.match_id) ? message : undefined;
  } catch {
    return undefined;
  }
}

/** A waiting live (not yet streaming) is on no list: only going live, away or off air matters to them. */
function onAirChange(message: string): string | undefined {
  const event = parseLiveStateEvent(message);
  if (!event || event.status === 'waiting') return undefined;
  const change: OnAirChangeMessage = { type: 'onAirChange', live_id: event.live_id, anchor_id: event.anchor_id, status: event.status };
  return JSON.stringify(change);
}

export function openListLiveStream(matchIds: number[], signal: AbortSignal): ReadableStream<Uint8Array> {
  const followed = new Set(matchIds);
  return openBusEventStream({
    sources: [
      { channel: scoreboardChannel, forward: (message) => scoreOfFollowed(followed, message) },
      { channel: liveStateChannel, forward: onAirChange },
    ],
    snapshot: async () => JSON.stringify(await readBoard(matchIds)),
    signal,
    label: 'list live',
  });
}
