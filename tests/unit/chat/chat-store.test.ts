// The room's store: the viewer's ban follows bannedUser/unbannedUser, the barrage carries each line once,
// blocking animations empties the entrance queue, and the room's pushed ranking is kept apart from the chat.
import { createChatStore } from '@/stores/chat-store';
import type { SayMessage } from '@/lib/realtime/protocol';

const mine: SayMessage = {
  type: 'say', groupId: 'live:1', seq: 1, id: 'm1', user_id: 7, nick_name: 'me', avatar: '', level: 1, vip_level: 0, role: 'user',
  content: 'hello', props_type: 0, props_id: 0, send_time: 1,
};

function store() {
  const chat = createChatStore({ room: 'live:1', announcement: null });
  chat.getState().setMe({ id: 7, guest: false, nick_name: 'me', level: 1, vip_level: 0, role: 'user' });
  return chat;
}

it('flies the viewer’s own line once, whichever of sayRep and the broadcast comes first', () => {
  const repFirst = store();
  repFirst.getState().addPending('c1', { ...mine, id: '' });
  repFirst.getState().settlePending('c1', mine);
  repFirst.getState().receive(mine);
  expect(repFirst.getState().barrage).toHaveLength(1);
  expect(repFirst.getState().lines).toHaveLength(1);

  const broadcastFirst = store();
  broadcastFirst.getState().addPending('c1', { ...mine, id: '' });
  broadcastFirst.getState().receive(mine);
  broadcastFirst.getState().settlePending('c1', mine);
  expect(broadcastFirst.getState().barrage).toHaveLength(1);
  expect(broadcastFirst.getState().lines).toHaveLength(1);
});

it('bans and unbans the viewer from room messages', () => {
  const chat = store();
  chat.getState().receive({ type: 'bannedUser', groupId: 'live:1', id: 'b', user_id: 7, nick_name: 'me', reason: 'abuse', unit: 'hour', duration: 1, until: 5000, by: 2, send_time: 1 });
  expect(chat.getState().bannedUntil).toBe(5000);
  chat.getState().receive({ type: 'unbannedUser', groupId: 'live:1', id: 'u', user_id: 7, nick_name: 'me', by: 2, send_time: 2 });
  expect(chat.getState().bannedUntil).toBeNull();
});

it('drops queued entrances when the viewer blocks animations, and keeps the choice', () => {
  const chat = store();
  chat.getState().receive({ type: 'login', groupId: 'live:1', id: 'l', user_id: 9, nick_name: 'vip', avatar: '', level: 1, vip_level: 3, role: 'user', line: 1, send_time: 1 });
  expect(chat.getState().entrances).toHaveLength(1);
  chat.getState().setBlockAnimations(true);
  expect(chat.getState().entrances).toEqual([]);
  expect(localStorage.getItem('block_animations')).toBe('1');
  chat.getState().receive({ type: 'login', groupId: 'live:1', id: 'l2', user_id: 10, nick_name: 'vip2', avatar: '', level: 1, vip_level: 2, role: 'user', line: 1, send_time: 2 });
  expect(chat.getState().entrances).toEqual([]);
});

it('stops a deleted message, and a banned viewer’s, flying across the video (issue 18)', () => {
  const chat = store();
  const other: SayMessage = { ...mine, id: 'm2', seq: 2, user_id: 9, nick_name: 'rex', content: 'rude' };
  const third: SayMessage = { ...mine, id: 'm3', seq: 3, user_id: 11, nick_name: 'ann', content: 'nice goal' };
  chat.getState().receive(other);
  chat.getState().receive(third);
  expect(chat.getState().barrage.map((item) => item.text)).toEqual(['rude', 'nice goal']);
  chat.getState().receive({ type: 'clearChat', groupId: 'live:1', id: 'c', msg_id: 'm2', by: 2, send_time: 3 });
  expect(chat.getState().barrage.map((item) => item.text)).toEqual(['nice goal']);
  chat.getState().receive({ type: 'bannedUser', groupId: 'live:1', id: 'b', user_id: 11, nick_name: 'ann', reason: 'abuse', unit: 'hour', duration: 1, until: 5000, by: 2, send_time: 4 });
  expect(chat.getState().barrage).toEqual([]);
});

it('hands a refused message’s text back to the send box (issue 18)', () => {
  const chat = store();
  chat.getState().addPending('c7', { ...mine, id: '', content: 'visit spam.xyz' });
  chat.getState().settlePending('c7', undefined);
  expect(chat.getState().lines).toEqual([]);
  expect(chat.getState().draft).toEqual({ clientId: 'c7', content: 'visit spam.xyz' });
  chat.getState().takeDraft();
  expect(chat.getState().draft).toBeNull();
});

it('keeps the room’s pushed ranking of today without adding a chat line or a barrage', () => {
  const chat = store();
  const top = [{ rank: 1, user_id: 9, nick_name: 'Big fan', avatar: '', level: 12, vip_level: 2, score: 52_000 }];
  chat.getState().receive({ type: 'rankRep', groupId: 'live:1', id: 'r1', period: 'day', top, send_time: 10 });
  expect(chat.getState().rankTop).toMatchObject({ send_time: 10, top });
  expect(chat.getState().lines).toHaveLength(0);
  expect(chat.getState().barrage).toHaveLength(0);
  chat.getState().receive({ type: 'rankRep', groupId: 'live:1', id: 'r2', period: 'day', top: [], send_time: 20 });
  expect(chat.getState().rankTop?.top).toEqual([]);
});
