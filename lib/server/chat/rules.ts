import 'server-only';
// The chat rules as pure functions (spec §5 chat restrictions, §4 login lines): what a message may contain,
// how fast a viewer may speak, when breaking the rules earns a warning and when an automatic mute (short at
// first, longer when it happens again), who gets a login line, which props exist. The gateway calls them; tests
// call them directly.
import { maxChatLength, type ChatRole } from '@/lib/realtime/protocol';
import { bubblePropsIds, bubblePropsType, speakerPropsType } from '@/lib/validation/mall-constants';
import { advertisingMessageKeys, findAdvertising, type AdvertisingKind } from './advertising';
import { findKeyword } from '@/lib/validation/chat-keywords';

export type ChatLimits = {
  /** Seconds between two messages of one viewer; 0 = no limit. */
  speakRateSeconds: number;
  /** Phone numbers, messaging accounts and invitations to contact elsewhere are refused. */
  contacts: boolean;
  /** Hosts links may point to; null = links allowed anywhere. */
  allowedLinkHosts: string[] | null;
  /** Violations in a row that mute automatically, and the configured minutes. */
  continuousTriggers: { count: number; banMinutes: number } | null;
  /** Violations within a day that mute automatically, and the configured minutes. */
  totalTriggers: { count: number; banMinutes: number } | null;
  /** The brand's blocked words, folded (lib/validation/chat-keywords.ts). */
  keywords: readonly string[];
};

/** Which rule a refused line broke: advertising of some kind, or a blocked word of the brand's list. */
export type ViolationRule = AdvertisingKind | 'keyword';

/** What a viewer reads for each rule. */
export const violationMessageKeys: Record<ViolationRule, string> = { ...advertisingMessageKeys, keyword: 'chat.restrictions.keywordForbidden' };

/** What the server remembers of one viewer in one room. */
export type SpeakerState = {
  /** Milliseconds of the last message sent. */
  lastAt: number;
  /** Violations in a row. */
  continuous: number;
  /** Violations since `totalSince`. */
  total: number;
  totalSince: number;
  /** Automatic mutes since `mutesSince`: each one is longer than the last. */
  mutes: number;
  mutesSince: number;
};

export const freshSpeakerState: SpeakerState = { lastAt: 0, continuous: 0, total: 0, totalSince: 0, mutes: 0, mutesSince: 0 };

const dayMs = 86_400_000;

/**
 * A line this much early still passes the speak rate: the viewer's countdown ends when the last reply arrived plus
 * the wait, and the network and a busy server shift when the next line is stamped by about this much.
 */
const speakRateGraceMs = 250;

/** The first automatic mute is a short one: the rule may have misread a message. */
const firstAutoMuteMinutes = 2;
/** Each later mute within a day is this many times the configured minutes of the one before, up to a day. */
const muteGrowth = 6;
const longestAutoMuteMinutes = 1440;

export type Verdict =
  | { kind: 'ok' }
  | { kind: 'empty' }
  | { kind: 'tooLong' }
  | { kind: 'tooFrequent'; waitSeconds: number }
  | { kind: 'violation'; rule: ViolationRule };

// Control characters, zero-width characters and bidirectional overrides (which can disguise text) go.
const invisible = /[\p{Cc}\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/gu;

/** Chat is one line of plain text: invisible characters removed, whitespace collapsed, trimmed. */
export function normaliseChatText(raw: string): string {
  return raw.replace(invisible, ' ').replace(/\s+/gu, ' ').trim();
}

function chatLength(text: string): number {
  return Array.from(text).length;
}

/** The first rule a message breaks, checked in the order a viewer would want to hear about it. */
export function judgeMessage(text: string, limits: ChatLimits, state: SpeakerState, now: number): Verdict {
  if (text.length === 0) return { kind: 'empty' };
  if (chatLength(text) > maxChatLength) return { kind: 'tooLong' };
  const sinceLast = now - state.lastAt;
  if (limits.speakRateSeconds > 0 && sinceLast < limits.speakRateSeconds * 1000 - speakRateGraceMs) {
    return { kind: 'tooFrequent', waitSeconds: Math.max(1, Math.ceil((limits.speakRateSeconds * 1000 - sinceLast) / 1000)) };
  }
  const finding = findAdvertising(text, { allowedLinkHosts: limits.allowedLinkHosts, contacts: limits.contacts });
  if (finding) return { kind: 'violation', rule: finding.kind };
  return findKeyword(text, limits.keywords) === undefined ? { kind: 'ok' } : { kind: 'violation', rule: 'keyword' };
}

type AutoBan = { trigger: 'continuous' | 'total'; minutes: number };

/** How long an automatic mute lasts: short the first time in a day, then the configured minutes, then longer. */
export function autoMuteMinutes(configuredMinutes: number, earlierMutes: number): number {
  if (earlierMutes === 0) return Math.min(firstAutoMuteMinutes, configuredMinutes);
  return Math.min(configuredMinutes * muteGrowth ** (earlierMutes - 1), longestAutoMuteMinutes);
}

type Outcome = {
  state: SpeakerState;
  /** The mute this violation earned. */
  autoBan?: AutoBan;
  /** The mute the next violation would earn: the warning a refused viewer reads. */
  nextMuteMinutes?: number;
};

/** The trigger a violation count reaches, if any (a streak first: it is the one the viewer can see). */
function triggerReached(continuous: number, total: number, limits: ChatLimits): { trigger: AutoBan['trigger']; configured: number } | undefined {
  if (limits.continuousTriggers && continuous >= limits.continuousTriggers.count) return { trigger: 'continuous', configured: limits.continuousTriggers.banMinutes };
  if (limits.totalTriggers && total >= limits.totalTriggers.count) return { trigger: 'total', configured: limits.totalTriggers.banMinutes };
  return undefined;
}

/** The viewer's state after a verdict; for a violation the mute it earned, or the one the next would earn. */
export function afterVerdict(state: SpeakerState, verdict: Verdict, limits: ChatLimits, now: number): Outcome {
  if (verdict.kind === 'ok') return { state: { ...state, lastAt: now, continuous: 0 } };
  if (verdict.kind !== 'violation') return { state };
  const totalOpen = now - state.totalSince < dayMs;
  const mutesOpen = now - state.mutesSince < dayMs;
  const earlierMutes = mutesOpen ? state.mutes : 0;
  const next: SpeakerState = {
    ...state,
    continuous: state.continuous + 1,
    total: totalOpen ? state.total + 1 : 1,
    totalSince: totalOpen ? state.totalSince : now,
  };
  const reached = triggerReached(next.continuous, next.total, limits);
  if (!reached) {
    const coming = triggerReached(next.continuous + 1, next.total + 1, limits);
    return { state: next, ...(coming ? { nextMuteMinutes: autoMuteMinutes(coming.configured, earlierMutes) } : {}) };
  }
  const minutes = autoMuteMinutes(reached.configured, earlierMutes);
  // A mute settles the violations: counting starts again when it ends; the mutes themselves are remembered a day.
  return {
    state: { ...next, continuous: 0, total: 0, totalSince: 0, mutes: earlierMutes + 1, mutesSince: mutesOpen ? state.mutesSince : now },
    autoBan: { trigger: reached.trigger, minutes },
  };
}

const roleRank: Record<ChatRole, number> = { user: 0, anchor: 1, manager: 2, operator: 3 };

export function rankOf(role: ChatRole): number {
  return roleRank[role];
}

/** Spec §4: VIP above 0, level above 9 or role above 1 show a login line; the others get a welcome. */
export function showsLoginLine(viewer: { vip_level: number; level: number; role: ChatRole }): boolean {
  return viewer.vip_level > 0 || viewer.level > 9 || rankOf(viewer.role) > 1;
}

/** A prop a chat line can carry (spec §3): the speaker, a colourful bubble 2–4, or none (0, 0). */
export function propsValid(propsType: number, propsId: number): boolean {
  if (propsType === 0) return propsId === 0;
  if (propsType === speakerPropsType) return propsId === 0;
  if (propsType === bubblePropsType) return (bubblePropsIds as readonly number[]).includes(propsId);
  return false;
}
