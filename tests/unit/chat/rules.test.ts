// The server's chat rules (spec §5): what a message may contain, how fast a viewer may speak, and when
// violations turn into an automatic ban; login lines and props entitlements.
import { toChatLimits, defaultChatConfig } from '@/lib/server/chat/config';
import {
  afterVerdict, freshSpeakerState, judgeMessage, linkHosts, longestDigitRun, normaliseChatText, propsAllowed, showsLoginLine,
  type SpeakerState,
} from '@/lib/server/chat/rules';

const limits = toChatLimits({ brandId: '*', ...defaultChatConfig });
const now = 1_800_000_000_000;

describe('message text', () => {
  it('keeps one line of plain text: invisible and control characters go, whitespace collapses', () => {
    expect(normaliseChatText('  hello\n\tworld\u200B!\u202E ')).toBe('hello world !');
    expect(normaliseChatText('<b>bold</b>')).toBe('<b>bold</b>');
  });

  it('finds links however they are written, and the longest number', () => {
    expect(linkHosts('see https://Evil.example/x and www.spam.io')).toEqual(['evil.example', 'spam.io']);
    expect(linkHosts('加我 abc。com 谢谢')).toEqual(['abc.com']);
    expect(linkHosts('2:1 to the home side')).toEqual([]);
    expect(longestDigitRun('call 138 1234 5678')).toBe(4);
    expect(longestDigitRun('ＱＱ１２３４５')).toBe(5);
  });
});

describe('judging a message with the default limits', () => {
  it('lets a plain message through', () => {
    expect(judgeMessage('what a goal', limits, freshSpeakerState, now)).toEqual({ kind: 'ok' });
  });

  it('refuses empty and overlong text', () => {
    expect(judgeMessage('', limits, freshSpeakerState, now)).toEqual({ kind: 'empty' });
    expect(judgeMessage('好'.repeat(101), limits, freshSpeakerState, now)).toEqual({ kind: 'tooLong' });
    expect(judgeMessage('好'.repeat(100), limits, freshSpeakerState, now)).toEqual({ kind: 'ok' });
  });

  it('enforces the speaking rate with the seconds still to wait', () => {
    const spoke = { ...freshSpeakerState, lastAt: now - 500 };
    expect(judgeMessage('again', limits, spoke, now)).toEqual({ kind: 'tooFrequent', waitSeconds: 2 });
    expect(judgeMessage('again', limits, { ...spoke, lastAt: now - 2000 }, now)).toEqual({ kind: 'ok' });
  });

  it('refuses links unless the host is allowed', () => {
    expect(judgeMessage('go to bet365.com', limits, freshSpeakerState, now)).toEqual({ kind: 'violation', rule: 'links' });
    const allowed = { ...limits, allowedLinkHosts: ['example.com'] };
    expect(judgeMessage('rules at https://www.example.com/rules', allowed, freshSpeakerState, now)).toEqual({ kind: 'ok' });
    expect(judgeMessage('go to bet365.com', { ...limits, allowedLinkHosts: null }, freshSpeakerState, now)).toEqual({ kind: 'ok' });
  });

  it('limits numbers: the longest run in one message, and messages with digits in a row', () => {
    expect(judgeMessage('score 3:2', limits, freshSpeakerState, now)).toEqual({ kind: 'ok' });
    expect(judgeMessage('qq 1234', limits, freshSpeakerState, now)).toEqual({ kind: 'violation', rule: 'numbers' });
    expect(judgeMessage('and 5', limits, { ...freshSpeakerState, digitStreak: 2 }, now)).toEqual({ kind: 'violation', rule: 'numbers' });
    expect(judgeMessage('no digits', limits, { ...freshSpeakerState, digitStreak: 2 }, now)).toEqual({ kind: 'ok' });
  });
});

describe('violations and automatic bans', () => {
  const violation = { kind: 'violation', rule: 'links' } as const;

  it('counts digits in a row and forgets them after a message without', () => {
    let state: SpeakerState = freshSpeakerState;
    state = afterVerdict(state, { kind: 'ok' }, 'it is 2:0', limits, now).state;
    state = afterVerdict(state, { kind: 'ok' }, 'now 3:0', limits, now + 3000).state;
    expect(state.digitStreak).toBe(2);
    expect(afterVerdict(state, { kind: 'ok' }, 'great', limits, now + 6000).state).toMatchObject({ digitStreak: 0, lastAt: now + 6000 });
  });

  it('bans after the continuous trigger count (2), for continue_trigger_banned minutes', () => {
    const first = afterVerdict(freshSpeakerState, violation, 'x', limits, now);
    expect(first.autoBan).toBeUndefined();
    const second = afterVerdict(first.state, violation, 'x', limits, now + 1);
    expect(second.autoBan).toEqual({ trigger: 'continuous', minutes: 10 });
    expect(second.state).toMatchObject({ continuous: 0, total: 0 });
  });

  it('bans after the total trigger count (3) within a day, even with clean messages between', () => {
    let state = afterVerdict(freshSpeakerState, violation, 'x', limits, now).state;
    state = afterVerdict(state, { kind: 'ok' }, 'sorry', limits, now + 10).state;
    state = afterVerdict(state, violation, 'x', limits, now + 20).state;
    state = afterVerdict(state, { kind: 'ok' }, 'sorry', limits, now + 30).state;
    expect(afterVerdict(state, violation, 'x', limits, now + 40).autoBan).toEqual({ trigger: 'total', minutes: 60 });
    // A day later the count starts again.
    expect(afterVerdict(state, violation, 'x', limits, now + 86_400_001).autoBan).toBeUndefined();
  });

  it('does not ban when the triggers are switched off', () => {
    const off = { ...limits, continuousTriggers: null, totalTriggers: null };
    let state = freshSpeakerState;
    for (let round = 0; round < 5; round += 1) {
      const outcome = afterVerdict(state, violation, 'x', off, now + round);
      expect(outcome.autoBan).toBeUndefined();
      state = outcome.state;
    }
  });
});

describe('login lines and props', () => {
  it('shows a login line for VIP, level above 9 or managers (spec §4)', () => {
    expect(showsLoginLine({ vip_level: 1, level: 0, role: 'user' })).toBe(true);
    expect(showsLoginLine({ vip_level: 0, level: 10, role: 'user' })).toBe(true);
    expect(showsLoginLine({ vip_level: 0, level: 1, role: 'manager' })).toBe(true);
    expect(showsLoginLine({ vip_level: 0, level: 9, role: 'anchor' })).toBe(false);
  });

  it('gives colourful bubbles with VIP 1–3 and the speaker to VIP 3 and managers', () => {
    expect(propsAllowed({ vip_level: 1, role: 'user' }, 101, 2)).toBe(true);
    expect(propsAllowed({ vip_level: 1, role: 'user' }, 101, 3)).toBe(false);
    expect(propsAllowed({ vip_level: 3, role: 'user' }, 101, 4)).toBe(true);
    expect(propsAllowed({ vip_level: 3, role: 'user' }, 101, 5)).toBe(false);
    expect(propsAllowed({ vip_level: 2, role: 'user' }, 100, 0)).toBe(false);
    expect(propsAllowed({ vip_level: 0, role: 'manager' }, 100, 0)).toBe(true);
    expect(propsAllowed({ vip_level: 0, role: 'user' }, 0, 0)).toBe(true);
  });
});
