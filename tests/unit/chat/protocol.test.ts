// The shared protocol: room keys and the frames a client may send, as the gateway parses them.
import { clientFrame } from '@/lib/realtime/protocol';
import { banUserInput, liveRoomKey, parseRoomKey, privateRoomKey } from '@/lib/validation/chat';

describe('room keys', () => {
  it('reads every room kind, and a bare number as a live room (the spec’s groupId)', () => {
    expect(parseRoomKey('live:10000003')).toEqual({ kind: 'live', key: 'live:10000003', id: 10000003 });
    expect(parseRoomKey('10000003')).toEqual({ kind: 'live', key: 'live:10000003', id: 10000003 });
    expect(parseRoomKey('fans:12')).toMatchObject({ kind: 'fans', id: 12 });
    expect(parseRoomKey('match:1064')).toMatchObject({ kind: 'match', id: 1064 });
    expect(parseRoomKey('system')).toEqual({ kind: 'system', key: 'system' });
    expect(parseRoomKey(privateRoomKey(20, 10))).toEqual({ kind: 'private', key: 'private:10-20', users: [10, 20] });
    expect(liveRoomKey(7)).toBe('live:7');
  });

  it('refuses anything else', () => {
    for (const bad of ['', 'live:', 'live:0', 'live:01', 'lobby', 'private:20-10', 'private:5-5', 'live:1 ', 'match:x', 'live:1234567890123456']) {
      expect(parseRoomKey(bad)).toBeUndefined();
    }
  });
});

describe('client frames', () => {
  it('accepts the spec’s custom messages and normalises the room', () => {
    expect(clientFrame.parse({ type: 'ping', device_id: 'abc', groupId: 'live:1' })).toEqual({ type: 'ping', device_id: 'abc', groupId: 'live:1' });
    expect(clientFrame.parse({ type: 'first', groupId: 10000003, channel: 'official' })).toEqual({ type: 'first', groupId: 'live:10000003', channel: 'official' });
    expect(clientFrame.parse({ type: 'say', groupId: 'live:1', content: 'hi' })).toEqual({ type: 'say', groupId: 'live:1', content: 'hi', props_type: 0, props_id: 0 });
    expect(clientFrame.parse({ type: 'join', groupId: 'live:1', epoch: 'e1', last_seq: 41 })).toMatchObject({ last_seq: 41 });
    expect(clientFrame.parse({ type: 'quizPrompt', groupId: 'live:1', guess_id: 9 })).toMatchObject({ guess_id: 9 });
  });

  it('refuses unknown types, bad rooms, props that do not exist and oversized text', () => {
    expect(clientFrame.safeParse({ type: 'shout', groupId: 'live:1' }).success).toBe(false);
    expect(clientFrame.safeParse({ type: 'say', groupId: 'lobby', content: 'hi' }).success).toBe(false);
    expect(clientFrame.safeParse({ type: 'say', groupId: 'live:1', content: 'hi', props_type: 102 }).success).toBe(false);
    expect(clientFrame.safeParse({ type: 'say', groupId: 'live:1', content: 'x'.repeat(401) }).success).toBe(false);
    expect(clientFrame.safeParse({ type: 'join', groupId: 'live:1', last_seq: -1 }).success).toBe(false);
  });
});

describe('ban input', () => {
  it('takes a duration per unit and one of the spec’s reasons', () => {
    expect(banUserInput.parse({ groupId: 'live:1', user_id: '42', unit: 'hour', duration: '3', reason: 'abuse' })).toEqual({
      groupId: 'live:1', user_id: 42, unit: 'hour', duration: 3, reason: 'abuse',
    });
    expect(banUserInput.parse({ groupId: 'live:1', user_id: 42, unit: 'permanent', reason: 'political' })).toMatchObject({ duration: 0 });
    const tooLong = banUserInput.safeParse({ groupId: 'live:1', user_id: 42, unit: 'minute', duration: 1441, reason: 'other' });
    expect(tooLong.success ? [] : tooLong.error.issues.map((issue) => issue.message)).toEqual(['chat.validation.durationInvalid']);
    expect(banUserInput.safeParse({ groupId: 'live:1', user_id: 42, unit: 'day', duration: 1, reason: 'rude' }).success).toBe(false);
  });
});
