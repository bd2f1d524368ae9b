import 'server-only';
// The chat rules as pure functions (spec §5 chat restrictions, §4 login lines): what a message may contain,
// how fast a viewer may speak, when breaking the rules turns into an automatic ban, who gets a login line,
// which props a viewer may use. The gateway calls them; tests call them directly.
import { maxChatLength, type ChatRole } from '@/lib/realtime/protocol';

export type ChatLimits = {
  /** Seconds between two messages of one viewer; 0 = no limit. */
  speakRateSeconds: number;
  /** Longest run of digits one message may hold; null = no limit. */
  longestNumber: number | null;
  /** Messages with digits a viewer may send in a row; null = no limit. */
  numberMessagesInRow: number | null;
  /** Hosts links may point to; null = links allowed anywhere. */
  allowedLinkHosts: string[] | null;
  /** Violations in a row that ban automatically, and for how long. */
  continuousTriggers: { count: number; banMinutes: number } | null;
  /** Violations within a day that ban automatically, and for how long. */
  totalTriggers: { count: number; banMinutes: number } | null;
};

/** What the server remembers of one viewer in one room. */
export type SpeakerState = {
  /** Milliseconds of the last message sent. */
  lastAt: number;
  /** Messages with digits sent in a row. */
  digitStreak: number;
  /** Violations in a row. */
  continuous: number;
  /** Violations since `totalSince`. */
  total: number;
  totalSince: number;
};

export const freshSpeakerState: SpeakerState = { lastAt: 0, digitStreak: 0, continuous: 0, total: 0, totalSince: 0 };

const totalWindowMs = 86_400_000;

export type Verdict =
  | { kind: 'ok' }
  | { kind: 'empty' }
  | { kind: 'tooLong' }
  | { kind: 'tooFrequent'; waitSeconds: number }
  | { kind: 'violation'; rule: 'links' | 'numbers' };

// Control characters, zero-width characters and bidirectional overrides (which can disguise text) go.
const invisible = /[\p{Cc}\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/gu;

/** Chat is one line of plain text: invisible characters removed, whitespace collapsed, trimmed. */
export function normaliseChatText(raw: string): string {
  return raw.replace(invisible, ' ').replace(/\s+/gu, ' ').trim();
}

export function chatLength(text: string): number {
  return Array.from(text).length;
}

const digit = /\p{Nd}/u;
const digitRuns = /\p{Nd}+/gu;

export function longestDigitRun(text: string): number {
  let longest = 0;
  for (const run of text.match(digitRuns) ?? []) longest = Math.max(longest, Array.from(run).length);
  return longest;
}

// A scheme, a www. prefix, or a name ending in a common top-level domain (with full-width dots normalised).
const linkPattern =
  /(?:[a-z][a-z0-9+.-]*:\/\/|www\.)([^\s/?#]+)|\b((?:[a-z0-9-]+\.)+(?:com|net|org|cn|io|me|tv|cc|co|xyz|top|info|app|live|vip|club|site|online|link|shop|ly|gg|to))\b/giu;

/** The hosts a message links to (lower case). */
export function linkHosts(text: string): string[] {
  const normalised = text.replace(/[。．]/g, '.').toLowerCase();
  const hosts: string[] = [];
  for (const match of normalised.matchAll(linkPattern)) hosts.push((match[1] ?? match[2] ?? '').replace(/:\d+$/, ''));
  return hosts.filter(Boolean);
}

function hostAllowed(host: string, allowed: string[]): boolean {
  return allowed.some((entry) => host === entry || host.endsWith(`.${entry}`));
}

/** The first rule a message breaks, checked in the order a viewer would want to hear about it. */
export function judgeMessage(text: string, limits: ChatLimits, state: SpeakerState, now: number): Verdict {
  if (text.length === 0) return { kind: 'empty' };
  if (chatLength(text) > maxChatLength) return { kind: 'tooLong' };
  const sinceLast = now - state.lastAt;
  if (limits.speakRateSeconds > 0 && sinceLast < limits.speakRateSeconds * 1000) {
    return { kind: 'tooFrequent', waitSeconds: Math.max(1, Math.ceil((limits.speakRateSeconds * 1000 - sinceLast) / 1000)) };
  }
  if (limits.allowedLinkHosts && linkHosts(text).some((host) => !hostAllowed(host, limits.allowedLinkHosts ?? []))) {
    return { kind: 'violation', rule: 'links' };
  }
  if (limits.longestNumber !== null && longestDigitRun(text) > limits.longestNumber) return { kind: 'violation', rule: 'numbers' };
  if (limits.numberMessagesInRow !== null && digit.test(text) && state.digitStreak >= limits.numberMessagesInRow) {
    return { kind: 'violation', rule: 'numbers' };
  }
  return { kind: 'ok' };
}

export type AutoBan = { trigger: 'continuous' | 'total'; minutes: number };

/** The viewer's state after a verdict, and the automatic ban a violation earned, if any. */
export function afterVerdict(
  state: SpeakerState,
  verdict: Verdict,
  text: string,
  limits: ChatLimits,
  now: number,
): { state: SpeakerState; autoBan?: AutoBan } {
  if (verdict.kind === 'ok') {
    return { state: { ...state, lastAt: now, digitStreak: digit.test(text) ? state.digitStreak + 1 : 0, continuous: 0 } };
  }
  if (verdict.kind !== 'violation') return { state };
  const windowOpen = now - state.totalSince < totalWindowMs;
  const next: SpeakerState = {
    ...state,
    continuous: state.continuous + 1,
    total: windowOpen ? state.total + 1 : 1,
    totalSince: windowOpen ? state.totalSince : now,
  };
  const continuous = limits.continuousTriggers;
  const total = limits.totalTriggers;
  let autoBan: AutoBan | undefined;
  if (continuous && next.continuous >= continuous.count) autoBan = { trigger: 'continuous', minutes: continuous.banMinutes };
  else if (total && next.total >= total.count) autoBan = { trigger: 'total', minutes: total.banMinutes };
  // A ban settles the account: counting starts again when it ends.
  return autoBan ? { state: { ...next, continuous: 0, total: 0, totalSince: 0 }, autoBan } : { state: next };
}

const roleRank: Record<ChatRole, number> = { user: 0, anchor: 1, manager: 2, operator: 3 };

export function rankOf(role: ChatRole): number {
  return roleRank[role];
}

/** Spec §4: VIP above 0, level above 9 or role above 1 show a login line; the others get a welcome. */
export function showsLoginLine(viewer: { vip_level: number; level: number; role: ChatRole }): boolean {
  return viewer.vip_level > 0 || viewer.level > 9 || rankOf(viewer.role) > 1;
}

/**
 * Props a viewer may use until props are items in the backpack: colourful bubble props_id 2/3/4 from VIP 1/2/3,
 * the speaker from VIP 3 or for room managers.
 */
export function propsAllowed(viewer: { vip_level: number; role: ChatRole }, propsType: number, propsId: number): boolean {
  if (propsType === 0) return propsId === 0;
  if (propsType === 101) return propsId >= 2 && propsId <= 4 && viewer.vip_level >= propsId - 1;
  if (propsType === 100) return propsId === 0 && (viewer.vip_level >= 3 || rankOf(viewer.role) > 1);
  return false;
}
