// The server's chat rules (spec §5): what a message may contain, how fast a viewer may speak, and when
// violations earn a warning and when an automatic mute; login lines and props entitlements.
import { toChatLimits, defaultChatConfig } from '@/lib/server/chat/config';
import {
  afterVerdict, autoMuteMinutes, freshSpeakerState, judgeMessage, normaliseChatText, propsValid, showsLoginLine,
  type SpeakerState,
} from '@/lib/server/chat/rules';
import { propFree } from '@/lib/validation/mall-constants';

const limits = toChatLimits({ brandId: '*', ...defaultChatConfig });
const now = 1_800_000_000_000;

describe('message text', () => {
  it('keeps one line of plain text: invisible and control characters go, whitespace collapses', () => {
    expect(normaliseChatText('  hello\n\tworld\u200B!\u202E ')).toBe('hello world !');
    expect(normaliseChatText('<b>bold</b>')).toBe('<b>bold</b>');
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
    // A quarter of a second early still passes (network and countdown jitter); more does not.
    expect(judgeMessage('again', limits, { ...spoke, lastAt: now - 1750 }, now)).toEqual({ kind: 'ok' });
    expect(judgeMessage('again', limits, { ...spoke, lastAt: now - 1700 }, now)).toEqual({ kind: 'tooFrequent', waitSeconds: 1 });
  });

  it('refuses links unless the host is allowed', () => {
    expect(judgeMessage('go to bet365.com', limits, freshSpeakerState, now)).toEqual({ kind: 'violation', rule: 'link' });
    const allowed = { ...limits, allowedLinkHosts: ['example.com'] };
    expect(judgeMessage('rules at https://www.example.com/rules', allowed, freshSpeakerState, now)).toEqual({ kind: 'ok' });
    expect(judgeMessage('go to bet365.com', { ...limits, allowedLinkHosts: null, contacts: false }, freshSpeakerState, now)).toEqual({ kind: 'ok' });
  });

  it('lets the numbers of football through and refuses contact details (issue 18)', () => {
    // The four messages that were refused and then muted as "too many numbers".
    for (const text of ['Senegal 1-0 up at the break', 'Sarr pen in the 44th', 'I think it ends 2-1', 'Ecuador need 2 goals now', '萨尔第44分钟点球，1比0']) {
      expect(judgeMessage(text, limits, freshSpeakerState, now)).toEqual({ kind: 'ok' });
    }
    expect(judgeMessage('add me 13812345678', limits, freshSpeakerState, now)).toEqual({ kind: 'violation', rule: 'phone' });
    expect(judgeMessage('加微信 zq66889', limits, freshSpeakerState, now)).toEqual({ kind: 'violation', rule: 'account' });
    expect(judgeMessage('DM me for fixed matches', limits, freshSpeakerState, now)).toEqual({ kind: 'violation', rule: 'invitation' });
    expect(judgeMessage('add me 13812345678', { ...limits, contacts: false }, freshSpeakerState, now)).toEqual({ kind: 'ok' });
  });
});

describe('warnings and automatic mutes', () => {
  const link = { kind: 'violation', rule: 'link' } as const;

  it('warns at the first violation with the mute the next one brings, then mutes briefly (issue 18: two links in a row)', () => {
    const first = afterVerdict(freshSpeakerState, link, limits, now);
    expect(first.autoBan).toBeUndefined();
    expect(first.nextMuteMinutes).toBe(2);
    const second = afterVerdict(first.state, link, limits, now + 1);
    expect(second.autoBan).toEqual({ trigger: 'continuous', minutes: 2 });
    expect(second.state).toMatchObject({ continuous: 0, total: 0, mutes: 1 });
  });

  it('makes each later mute within a day longer: 2, then the configured 10, then 60 minutes', () => {
    let state: SpeakerState = freshSpeakerState;
    const mutes: number[] = [];
    for (let round = 0; round < 3; round += 1) {
      const warned = afterVerdict(state, link, limits, now + round * 1000);
      const muted = afterVerdict(warned.state, link, limits, now + round * 1000 + 1);
      mutes.push(muted.autoBan?.minutes ?? 0);
      state = muted.state;
    }
    expect(mutes).toEqual([2, 10, 60]);
    // A day after the first mute the ladder starts again.
    const later = afterVerdict(afterVerdict(state, link, limits, now + 86_400_001).state, link, limits, now + 86_400_002);
    expect(later.autoBan?.minutes).toBe(2);
    expect(autoMuteMinutes(60, 5)).toBe(1440);
  });

  it('forgets a streak after a clean message, and mutes after the total trigger count (3) within a day', () => {
    let state = afterVerdict(freshSpeakerState, link, limits, now).state;
    state = afterVerdict(state, { kind: 'ok' }, limits, now + 10).state;
    expect(state).toMatchObject({ continuous: 0, total: 1, lastAt: now + 10 });
    const second = afterVerdict(state, link, limits, now + 20);
    // The next violation completes the total count: the warning names that mute.
    expect(second.nextMuteMinutes).toBe(2);
    state = afterVerdict(second.state, { kind: 'ok' }, limits, now + 30).state;
    expect(afterVerdict(state, link, limits, now + 40).autoBan).toEqual({ trigger: 'total', minutes: 2 });
    // A day later the count starts again.
    expect(afterVerdict(state, link, limits, now + 86_400_001).autoBan).toBeUndefined();
  });

  it('only refuses when the triggers are switched off', () => {
    const off = { ...limits, continuousTriggers: null, totalTriggers: null };
    let state = freshSpeakerState;
    for (let round = 0; round < 5; round += 1) {
      const outcome = afterVerdict(state, link, off, now + round);
      expect(outcome.autoBan).toBeUndefined();
      expect(outcome.nextMuteMinutes).toBeUndefined();
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

  it('knows the spec’s props: the speaker, bubbles 2–4, or none', () => {
    expect(propsValid(0, 0)).toBe(true);
    expect(propsValid(100, 0)).toBe(true);
    expect([1, 2, 3, 4, 5].map((id) => propsValid(101, id))).toEqual([false, true, true, true, false]);
    expect(propsValid(100, 2)).toBe(false);
    expect(propsValid(0, 3)).toBe(false);
    expect(propsValid(105, 0)).toBe(false);
  });

  it('charges an item for every prop, except the speaker of room managers and operators; VIP gives none free', () => {
    expect(propFree('user', 0)).toBe(true);
    expect(propFree('user', 101)).toBe(false);
    expect(propFree('user', 100)).toBe(false);
    expect(propFree('anchor', 100)).toBe(false);
    expect(propFree('manager', 100)).toBe(true);
    expect(propFree('operator', 100)).toBe(true);
    expect(propFree('manager', 101)).toBe(false);
  });
});
