// The chat as the viewer sees it (spec §4 live messages, login lines, separators, history, entrance queue).
import {
  addPending, applyMessage, prependHistory, settlePending, withTimeSeparators,
  type ChatData,
} from '@/stores/chat-model';
import type { BannedUserMessage, LoginMessage, RoomMessage, SayMessage } from '@/lib/realtime/protocol';

const empty: ChatData = { lines: [], welcomes: [], entrances: [] };
const viewer = { id: 7, blockAnimations: false };
const sender = { avatar: '', level: 3, vip_level: 0, role: 'user' as const };

let counter = 0;
function say(userId: number, content: string, at = 1_000_000 + counter * 1000): SayMessage {
  counter += 1;
  return { type: 'say', groupId: 'live:1', seq: counter, id: `m${counter}`, user_id: userId, nick_name: `u${userId}`, ...sender, content, props_type: 0, props_id: 0, send_time: at };
}

function login(userId: number, vip: number, line: 0 | 1 = 1): LoginMessage {
  counter += 1;
  return { type: 'login', groupId: 'live:1', id: `l${counter}`, user_id: userId, nick_name: `u${userId}`, ...sender, vip_level: vip, line, send_time: 1_000_000 };
}

const apply = (messages: RoomMessage[], data = empty, who = viewer) => messages.reduce((state, message) => applyMessage(state, message, who), data);

it('marks the viewer’s own lines (chatType 1) and others’ (2)', () => {
  const data = apply([say(7, 'mine'), say(8, 'theirs')]);
  expect(data.lines.map((line) => line.chatType)).toEqual([1, 2]);
});

it('removes a deleted message by id, and every line of a banned user with a notice', () => {
  const first = say(8, 'rude');
  const data = apply([first, say(9, 'fine'), say(8, 'ruder'), { type: 'clearChat', groupId: 'live:1', id: 'c', msg_id: first.id, by: 1, send_time: 0 }]);
  expect(data.lines.map((line) => (line.kind === 'chat' ? line.message.content : line.kind))).toEqual(['fine', 'ruder']);
  const ban: BannedUserMessage = { type: 'bannedUser', groupId: 'live:1', id: 'b', user_id: 8, nick_name: 'u8', reason: 'abuse', unit: 'day', duration: 1, until: 0, by: 3, send_time: 0 };
  const banned = applyMessage(data, ban, viewer);
  expect(banned.lines.map((line) => line.kind)).toEqual(['chat', 'notice']);
  expect(banned.lines[1]).toMatchObject({ kind: 'notice', notice: 'banned', name: 'u8', chatType: 3 });
});

it('shows a login line once within the last 30 lines, queues VIP entrances, and keeps 11 welcomes', () => {
  let data = apply([login(5, 2)]);
  data = apply([login(5, 2)], data);
  expect(data.lines.filter((line) => line.kind === 'login')).toHaveLength(1);
  expect(data.entrances).toEqual([expect.objectContaining({ nick_name: 'u5', vip_level: 2 })]);
  data = apply(Array.from({ length: 30 }, (_, index) => say(20 + index, 'hi')), data);
  data = apply([login(5, 2)], data);
  expect(data.lines.filter((line) => line.kind === 'login')).toHaveLength(2);

  const welcomes = apply(Array.from({ length: 15 }, (_, index) => login(100 + index, 0, 0)));
  expect(welcomes.welcomes).toHaveLength(11);
  expect(welcomes.welcomes.at(-1)?.nick_name).toBe('u114');
  expect(welcomes.lines).toEqual([]);
});

it('queues no entrance for viewers who block animations', () => {
  expect(apply([login(5, 3)], empty, { id: 7, blockAnimations: true }).entrances).toEqual([]);
});

it('inserts a time separator when more than 60 s pass between lines', () => {
  const rows = withTimeSeparators(apply([say(1, 'a', 0), say(1, 'b', 30_000), say(1, 'c', 91_000), say(1, 'd', 150_000)]).lines);
  expect(rows.map((row) => (row.kind === 'separator' ? '|' : row.line.kind === 'chat' ? row.line.message.content : ''))).toEqual(['|', 'a', 'b', '|', 'c', 'd']);
});

it('keeps the sender’s line in place from pending to confirmed, once', () => {
  const pending = { ...say(7, 'hello'), id: '' };
  let data = addPending(apply([say(8, 'before')]), 'c1', pending);
  data = apply([say(8, 'after')], data);
  const confirmed = { ...pending, id: 'real', seq: 99 };
  data = settlePending(data, 'c1', confirmed, viewer);
  expect(data.lines.map((line) => (line.kind === 'chat' ? `${line.message.content}${line.pending ? '?' : ''}` : ''))).toEqual(['before', 'hello', 'after']);
  // The broadcast copy arriving later does not add a second line.
  expect(applyMessage(data, confirmed, viewer).lines).toHaveLength(3);
  // A refused message disappears.
  expect(settlePending(addPending(empty, 'c2', pending), 'c2', undefined, viewer).lines).toEqual([]);
});

it('shows the sender’s line once when the broadcast copy comes before sayRep', () => {
  const pending = { ...say(7, 'hello  there'), id: '' };
  let data = addPending(apply([say(8, 'before')]), 'c1', pending);
  const confirmed = { ...pending, content: 'hello there', id: 'real', seq: 99 };
  data = applyMessage(data, confirmed, viewer);
  const shown = () => data.lines.map((line) => (line.kind === 'chat' ? `${line.message.content}${line.pending ? '?' : ''}` : ''));
  expect(shown()).toEqual(['before', 'hello there']);
  data = settlePending(data, 'c1', confirmed, viewer);
  expect(shown()).toEqual(['before', 'hello there']);
});

it('puts an older page above, without repeating lines', () => {
  const older = [say(1, 'old a'), say(1, 'old b')];
  const data = apply([say(1, 'new')]);
  const paged = prependHistory(data, [...older, ...data.lines.map((line) => (line.kind === 'chat' ? line.message : older[0]))], viewer);
  expect(paged.lines.map((line) => (line.kind === 'chat' ? line.message.content : ''))).toEqual(['old a', 'old b', 'new']);
});

it('counts a gift combo on the last line (hit) within 3 s, and starts a new line after', () => {
  const gift = (hit: number, at: number) => ({
    type: 'gift' as const, groupId: 'live:1', id: `g${hit}-${at}`, user_id: 8, nick_name: 'u8', ...sender, giftid: 3, gift_name: 'Rocket', icon: '', animation: '', animat_type: 0, duration: 5000, count: 1, hit, send_time: at,
  });
  let data = apply([gift(1, 0), gift(2, 1000), gift(3, 2500)]);
  expect(data.lines).toHaveLength(1);
  expect(data.lines[0]).toMatchObject({ kind: 'gift', message: { hit: 3 } });
  data = apply([gift(1, 9000)], data);
  expect(data.lines).toHaveLength(2);
});
