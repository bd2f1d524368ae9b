// Spec §4 gift animation queue: one at a time in arrival order, unknown gifts dropped, 5000 ms when a gift names no
// duration, persisted in session storage for a reload and cleared when the viewer leaves the room, nothing queued
// for a viewer who blocks gift animations nor while the page is out of sight.
import type { GiftMessage } from '@/lib/realtime/protocol';
import { createGiftQueueStore, enqueueAnimation, maxQueuedAnimations, parseStoredQueue, type GiftAnimation } from '@/stores/gift-queue';

let counter = 0;
function gift(animation: string, changes: Partial<GiftMessage> = {}): GiftMessage {
  counter += 1;
  return {
    type: 'gift', groupId: 'live:9', id: `g${counter}`, user_id: 4, nick_name: 'Kevin', avatar: '', level: 3, vip_level: 0, role: 'user',
    giftid: 8, gift_name: 'Rocket', icon: '/gifts/rocket.svg', animation, animat_type: 1, duration: 4000, count: 1, hit: 1, send_time: 1000, ...changes,
  };
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('enqueueAnimation', () => {
  it('queues known animations in arrival order, the head first', () => {
    let queue: readonly GiftAnimation[] = [];
    queue = enqueueAnimation(queue, gift('rocket'), 1);
    queue = enqueueAnimation(queue, gift('lion_in', { gift_name: 'Lion', duration: 6000 }), 2);
    expect(queue.map((item) => [item.animation, item.duration, item.title])).toEqual([
      ['rocket', 4000, 'Rocket'],
      ['lion_in', 6000, 'Lion'],
    ]);
  });

  it('drops unknown animations and gifts without one, and plays 5000 ms when no duration is given', () => {
    let queue: readonly GiftAnimation[] = [];
    queue = enqueueAnimation(queue, gift('someone_elses_file'), 1);
    queue = enqueueAnimation(queue, gift('rocket', { animat_type: 0 }), 2);
    queue = enqueueAnimation(queue, gift('football', { duration: 0 }), 3);
    expect(queue).toHaveLength(1);
    expect(queue[0]).toMatchObject({ animation: 'football', duration: 5000, add_time: 3 });
  });

  it('queues a message once, and no more than the cap', () => {
    const message = gift('rocket');
    expect(enqueueAnimation(enqueueAnimation([], message, 1), message, 2)).toHaveLength(1);
    let queue: readonly GiftAnimation[] = [];
    for (let index = 0; index < maxQueuedAnimations + 5; index += 1) queue = enqueueAnimation(queue, gift('rocket'), index);
    expect(queue).toHaveLength(maxQueuedAnimations);
  });
});

describe('the room’s queue store', () => {
  it('plays one at a time: finishing the head brings the next', () => {
    const store = createGiftQueueStore('live:9');
    store.getState().enqueue(gift('rocket'));
    store.getState().enqueue(gift('trophy'));
    const [first] = store.getState().queue;
    expect(first.animation).toBe('rocket');
    store.getState().finish(first.id);
    expect(store.getState().queue.map((item) => item.animation)).toEqual(['trophy']);
  });

  it('keeps the queue in session storage across a reload, and clears it when the viewer leaves', () => {
    const before = createGiftQueueStore('live:9');
    before.getState().enqueue(gift('rocket'));
    before.getState().enqueue(gift('fireworks'));
    expect(JSON.parse(sessionStorage.getItem('gift_queue:live:9') ?? '[]')).toHaveLength(2);

    const reloaded = createGiftQueueStore('live:9');
    reloaded.getState().restore();
    expect(reloaded.getState().queue.map((item) => item.animation)).toEqual(['rocket', 'fireworks']);
    // Another room's queue is its own.
    const other = createGiftQueueStore('live:10');
    other.getState().restore();
    expect(other.getState().queue).toEqual([]);

    reloaded.getState().clear();
    expect(sessionStorage.getItem('gift_queue:live:9')).toBeNull();
    expect(reloaded.getState().queue).toEqual([]);
  });

  it('reads a damaged stored queue as empty or keeps only its valid entries', () => {
    expect(parseStoredQueue('not json')).toEqual([]);
    expect(parseStoredQueue('{"a":1}')).toEqual([]);
    const valid = enqueueAnimation([], gift('rocket'), 1)[0];
    expect(parseStoredQueue(JSON.stringify([valid, { id: 'x', animation: 'unknown', duration: 1, title: '' }, 42]))).toEqual([valid]);
  });

  it('queues nothing for a viewer who blocks gift animations, and remembers the choice', () => {
    const store = createGiftQueueStore('live:9');
    store.getState().enqueue(gift('rocket'));
    store.getState().setBlocked(true);
    expect(store.getState().queue).toEqual([]);
    store.getState().enqueue(gift('rocket'));
    expect(store.getState().queue).toEqual([]);

    const next = createGiftQueueStore('live:9');
    next.getState().restore();
    expect(next.getState().blocked).toBe(true);
    next.getState().setBlocked(false);
    next.getState().enqueue(gift('rocket'));
    expect(next.getState().queue).toHaveLength(1);
    expect(localStorage.getItem('block_gift_animations')).toBeNull();
  });

  it('queues no gift that comes while the page is out of sight, and queues again once it is back', () => {
    const store = createGiftQueueStore('live:9');
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    try {
      for (let index = 0; index < 30; index += 1) store.getState().enqueue(gift('rocket'));
      expect(store.getState().queue).toEqual([]);
    } finally {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    }
    store.getState().enqueue(gift('trophy'));
    expect(store.getState().queue.map((item) => item.animation)).toEqual(['trophy']);
  });
});
