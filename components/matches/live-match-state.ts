// How the match page's live island folds what the stream sends into what it shows: a snapshot
// replaces everything; textLive adds a commentary line (once, in order); scoreLive moves the score
// and clock; statsLive and lineupLive replace their tab. Pure, so the rules are tested on their own.
import type { Locale } from '@/lib/i18n/locales';
import type { LiveSnapshotMessage, MatchLiveMessage, ScoreLiveMessage } from '@/lib/realtime/match-messages';
import type { MatchLiveView } from '@/lib/validation/matches';

export type ClockLabels = { halfTime: string; fullTime: string; afterExtraTime: string; penalties: string; break: string };
export type StatusLabels = Record<MatchLiveView['status'], string>;
export type BoardLabels = { status: StatusLabels; clock: ClockLabels };

/** A match as a list shows it (home's tiles and rows, a live card), moved by the lists' live stream. */
export type BoardEntry = Pick<MatchLiveView, 'status' | 'statusLabel' | 'clock' | 'score' | 'penalties'>;

export function boardEntry(message: ScoreLiveMessage, labels: BoardLabels): BoardEntry {
  return {
    status: message.status,
    statusLabel: labels.status[message.status],
    clock: clockFor(message, labels.clock),
    score: message.home_score === null || message.away_score === null ? null : { home: message.home_score, away: message.away_score },
    penalties: pair(message.pens),
  };
}

export type LiveMatchState = MatchLiveView & {
  /** A commentary line is missing (a message was lost): the island reconnects for a fresh snapshot. */
  gap: boolean;
};

export type StreamMessage = MatchLiveMessage | LiveSnapshotMessage;

export function initialLiveState(view: MatchLiveView): LiveMatchState {
  return { ...view, gap: false };
}

/** The same clock the server writes (HT, FT, AET, PENS, 67', 45+2'). */
export function clockFor(message: Pick<ScoreLiveMessage, 'status' | 'phase' | 'minute' | 'stoppage' | 'et' | 'pens'>, labels: ClockLabels): string {
  if (message.status === 'upcoming') return '';
  if (message.status === 'finished') return message.pens ? labels.penalties : message.et ? labels.afterExtraTime : labels.fullTime;
  if (message.phase === 'half_time') return labels.halfTime;
  if (message.phase === 'penalties') return labels.penalties;
  if (message.phase === 'before_extra_time' || message.phase === 'extra_time_half_time' || message.phase === 'before_penalties') return labels.break;
  if (message.minute === null) return '';
  return message.stoppage > 0 ? `${message.minute}+${message.stoppage}'` : `${message.minute}'`;
}

const pair = (value: [number, number] | null) => (value ? { home: value[0], away: value[1] } : null);

export function applyStreamMessage(
  state: LiveMatchState,
  message: StreamMessage,
  context: { locale: Locale; clockLabels: ClockLabels; statusLabels: StatusLabels },
): LiveMatchState {
  switch (message.type) {
    case 'snapshot':
      // An older snapshot (a cached read) never rolls the page back.
      return message.match.updatedAt >= state.updatedAt || state.gap ? initialLiveState(message.match) : state;
    case 'textLive': {
      const last = state.commentary.at(-1)?.event.seq ?? 0;
      if (message.event.seq <= last) return state;
      const text = message.text[context.locale] ?? message.text['en-US'];
      return {
        ...state,
        commentary: [...state.commentary, { event: message.event, text }],
        gap: state.gap || message.event.seq > last + 1,
      };
    }
    case 'scoreLive':
      return {
        ...state,
        ...boardEntry(message, { status: context.statusLabels, clock: context.clockLabels }),
        phase: message.phase,
        minute: message.minute,
        stoppage: message.stoppage,
        halfTime: pair(message.ht),
        extraTime: pair(message.et),
      };
    case 'statsLive':
      return { ...state, stats: message.stats };
    case 'lineupLive':
      return { ...state, lineups: { home: message.home, away: message.away } };
  }
}
