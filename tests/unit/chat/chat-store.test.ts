// The room's store: the viewer's ban follows bannedUser/unbannedUser, the barrage carries each line once,
// blocking animations empties the entrance queue, and the room's pushed ranking is kept apart from the chat.
// Lines arrive together on an animation frame a few times a second (fake timers turn the frames), and none while the
// page is out of sight.
import { createChatStore } from '@/stores/chat-store';
import type { LoginMessage, SayMessage } from '@/lib/realtime/protocol';

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  jest.useRealTimers();
  showPage();
});

/** Long enough for the store's next batch of lines. */
const nextFrame = () => jest.advanceTimersByTime(300);

/** The tab in the background (or back): the browser says so, and runs no animation frame meanwhile. */
function hidePage() {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  document.dispatchEvent(new Event('visibilitychange'));
}
function showPage() {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
}

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
  nextFrame();
  expect(repFirst.getState().barrage).toHaveLength(1);
  expect(repFirst.getState().lines).toHaveLength(1);

  const broadcastFirst = store();
  broadcastFirst.getState().addPending('c1', { ...mine, id: '' });
  broadcastFirst.getState().receive(mine);
  broadcastFirst.getState().settlePending('c1', mine);
  nextFrame();
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
  nextFrame();
  expect(chat.getState().entrances).toHaveLength(1);
  chat.getState().setBlockAnimations(true);
  expect(chat.getState().entrances).toEqual([]);
  expect(localStorage.getItem('block_animations')).toBe('1');
  chat.getState().receive({ type: 'login', groupId: 'live:1', id: 'l2', user_id: 10, nick_name: 'vip2', avatar: '', level: 1, vip_level: 2, role: 'user', line: 1, send_time: 2 });
  nextFrame();
  expect(chat.getState().entrances).toEqual([]);
});

it('stops a deleted message, and a banned viewer’s, flying across the video (issue 18)', () => {
  const chat = store();
  const other: SayMessage = { ...mine, id: 'm2', seq: 2, user_id: 9, nick_name: 'rex', content: 'rude' };
  const third: SayMessage = { ...mine, id: 'm3', seq: 3, user_id: 11, nick_name: 'ann', content: 'nice goal' };
  chat.getState().receive(other);
  chat.getState().receive(third);
  nextFrame();
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

it('keeps a line sent before the room’s join answer, so a refusal still hands its text back, and drops it with the connection', () => {
  const chat = store();
  chat.getState().setConnection('ready');
  chat.getState().addPending('c8', { ...mine, id: '', content: 'ask the scalper' });
  chat.getState().joined({ type: 'joined', groupId: 'live:1', epoch: '', seq: 0, mode: 'reset', no_more: 1, can_moderate: 0, history: [] });
  expect(chat.getState().lines.map((line) => line.key)).toEqual(['pending:c8']);
  chat.getState().settlePending('c8', undefined);
  expect(chat.getState().draft).toEqual({ clientId: 'c8', content: 'ask the scalper' });

  chat.getState().addPending('c9', { ...mine, id: '', content: 'lost on the way' });
  chat.getState().setConnection('reconnecting');
  expect(chat.getState().lines).toEqual([]);
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

let counter = 100;
function line(userId: number, content: string): SayMessage {
  counter += 1;
  return { ...mine, seq: counter, id: `m${counter}`, user_id: userId, nick_name: `u${userId}`, content };
}
function vipEnters(userId: number): LoginMessage {
  counter += 1;
  return { type: 'login', groupId: 'live:1', id: `l${counter}`, user_id: userId, nick_name: `vip${userId}`, avatar: '', level: 1, vip_level: 3, role: 'user', line: 1, send_time: 1 };
}
function chatTexts(chat: ReturnType<typeof store>): string[] {
  return chat.getState().lines.map((shown) => (shown.kind === 'chat' ? shown.message.content : shown.kind));
}
/** How many times the store changed while `act` ran: each change is a render of what shows the chat. */
function changesDuring(chat: ReturnType<typeof store>, act: () => void): number {
  let changes = 0;
  const stop = chat.subscribe(() => {
    changes += 1;
  });
  act();
  stop();
  return changes;
}

it('applies the lines of one batch in one change, in the order they came', () => {
  const chat = store();
  const changes = changesDuring(chat, () => {
    ['one', 'two', 'three'].forEach((text) => chat.getState().receive(line(9, text)));
    expect(chatTexts(chat)).toEqual([]);
    nextFrame();
  });
  expect(changes).toBe(1);
  expect(chatTexts(chat)).toEqual(['one', 'two', 'three']);
});

it('acts at once on a deletion, even of a line still waiting for its frame, and on the viewer’s ban', () => {
  const chat = store();
  const rude = line(9, 'rude');
  chat.getState().receive(rude);
  chat.getState().receive(line(11, 'fine'));
  chat.getState().receive({ type: 'clearChat', groupId: 'live:1', id: 'c', msg_id: rude.id, by: 2, send_time: 3 });
  expect(chatTexts(chat)).toEqual(['fine']);
  expect(chat.getState().barrage.map((item) => item.text)).toEqual(['fine']);
  chat.getState().receive(line(11, 'waiting'));
  chat.getState().receive({ type: 'bannedUser', groupId: 'live:1', id: 'b', user_id: 7, nick_name: 'me', reason: 'abuse', unit: 'hour', duration: 1, until: 5000, by: 2, send_time: 4 });
  expect(chat.getState().bannedUntil).toBe(5000);
  expect(chatTexts(chat)).toEqual(['fine', 'waiting', 'notice']);
});

it('puts lines that came before the viewer’s own above it', () => {
  const chat = store();
  chat.getState().receive(line(9, 'before'));
  chat.getState().addPending('c1', { ...mine, id: '', content: 'mine' });
  expect(chatTexts(chat)).toEqual(['before', 'mine']);
});

it('changes nothing while the page is out of sight, keeps only the newest lines, and catches up in one change', () => {
  const chat = store();
  chat.getState().receive(line(9, 'seen'));
  chat.getState().receive(vipEnters(12));
  nextFrame();
  expect(chat.getState().barrage).toHaveLength(1);
  expect(chat.getState().entrances).toHaveLength(1);

  // Going out of sight stops what flies and what waits to enter (the provider passes the browser's word on).
  hidePage();
  chat.getState().pageHidden();
  expect(chat.getState().barrage).toEqual([]);
  expect(chat.getState().entrances).toEqual([]);
  // The browser runs no frame for a hidden page: a minute of a busy room changes nothing.
  const hidden = changesDuring(chat, () => {
    for (let index = 1; index <= 2400; index += 1) chat.getState().receive(line(9, `hidden ${index}`));
    chat.getState().receive(vipEnters(13));
  });
  expect(hidden).toBe(0);

  showPage();
  const shown = changesDuring(chat, nextFrame);
  expect(shown).toBe(1);
  const texts = chatTexts(chat);
  expect(texts).toHaveLength(200);
  expect(texts.at(-2)).toBe('hidden 2400');
  expect(texts[0]).toBe('hidden 2202');
  // What came out of sight neither flies nor makes an entrance on the viewer's return.
  expect(chat.getState().barrage).toEqual([]);
  expect(chat.getState().entrances).toEqual([]);
});

it('keeps older lines while the viewer reads above the newest, and lets them go when they come back down', () => {
  const chat = store();
  for (let index = 1; index <= 250; index += 1) chat.getState().receive(line(9, `a ${index}`));
  nextFrame();
  expect(chatTexts(chat)).toHaveLength(200);
  chat.getState().setReading(true);
  for (let second = 1; second <= 20; second += 1) {
    for (let index = 1; index <= 40; index += 1) chat.getState().receive(line(9, `${second}.${index}`));
    nextFrame();
  }
  expect(chatTexts(chat)).toHaveLength(1000);
  expect(chatTexts(chat)[0]).toBe('a 51');
  chat.getState().setReading(false);
  expect(chatTexts(chat)).toHaveLength(200);
  expect(chatTexts(chat).at(-1)).toBe('20.40');
});

it('takes a landed barrage line away with the next batch', () => {
  const chat = store();
  chat.getState().receive(line(9, 'first'));
  nextFrame();
  const [flown] = chat.getState().barrage;
  chat.getState().barrageLanded(flown.key);
  chat.getState().receive(line(9, 'second'));
  nextFrame();
  expect(chat.getState().barrage.map((item) => item.text)).toEqual(['second']);
});
