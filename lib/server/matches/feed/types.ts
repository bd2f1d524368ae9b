// The live-match feed: sources (the replayer, a provider) turn "now" into snapshots of matches,
// and one writer applies each snapshot to the database and the match's realtime channel.
import type { LocalizedText } from '@/lib/i18n/locales';
import type { PlayerPosition, ProviderMatchStats } from '@/lib/db/schema';
import type { MatchLiveMessage } from '@/lib/realtime/match-messages';
import type { EventFields } from '../live-derive';
import type { MatchStanding } from '../timeline';

/** An event as a feed reports it; `key` is stable across ticks (a re-sent event is not added twice). */
export type FeedEvent = EventFields & {
  key: string;
  /** Commentary the source wrote itself; generated from templates when absent. */
  text?: LocalizedText | null;
};

export type FeedLineupPlayer = {
  playerId: number | null;
  name: string;
  number: number | null;
  position: PlayerPosition | null;
  starter: boolean;
  captain: boolean;
  line: number | null;
};

/** Everything a source knows about one match at one moment. */
export type MatchSnapshot = MatchStanding & {
  matchId: number;
  /** Every event so far, oldest first; events the store has and this list lacks are withdrawn. */
  events: FeedEvent[];
  /** Line-ups are public (announced) from this snapshot on. */
  lineupAnnounced: boolean;
  /** Replaces the stored line-ups when given (a provider); the replayer uses the imported ones. */
  lineups?: { home: FeedLineupPlayer[]; away: FeedLineupPlayer[] } | null;
  /** A provider's statistics beyond events (shots, possession...). */
  providerStats?: ProviderMatchStats | null;
};

/** Sends one live message to a match's channel. */
export type MatchPublisher = (matchId: number, message: MatchLiveMessage) => Promise<void>;

export type FeedTickReport = {
  /** Matches whose state changed in this tick. */
  changed: number[];
  errors: string[];
};

/** A source of live match data, driven by an injected clock: each tick brings its matches up to `now`. */
export interface MatchFeed {
  readonly name: string;
  tick(now: Date): Promise<FeedTickReport>;
}
