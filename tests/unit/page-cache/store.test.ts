/** @jest-environment node */
import { PageStore, type CachedPage } from '@/lib/server/page-cache/store';

function page(body: string, storedAt: number, ttlMs = 1000): CachedPage {
  return { headers: { 'content-type': 'text/html' }, body: Buffer.from(body), etag: undefined, storedAt, ttlMs };
}

function storeAt(clock: { now: number }, options: { maxBytes?: number } = {}) {
  return new PageStore({ ttlMs: 1000, maxBytes: options.maxBytes ?? 1024 * 1024, staleMs: 2000, now: () => clock.now });
}

describe('PageStore', () => {
  it('lets the first request render, then serves its page while fresh and asks for a new render after', () => {
    const clock = { now: 0 };
    const store = storeAt(clock);
    const first = store.lookup('a');
    if (first.kind !== 'render') throw new Error(`expected a render, got ${first.kind}`);
    first.done({ kind: 'page', page: page('<p>one</p>', 0) });

    clock.now = 999;
    const hit = store.lookup('a');
    expect(hit.kind === 'fresh' && hit.page.body.toString()).toBe('<p>one</p>');

    clock.now = 1000;
    expect(store.lookup('a').kind).toBe('render');
  });

  it('gives requests that arrive during a render the rendered page, not a render of their own', async () => {
    const store = storeAt({ now: 0 });
    const leader = store.lookup('a');
    const follower = store.lookup('a');
    if (leader.kind !== 'render' || follower.kind !== 'wait') throw new Error('expected one render and one wait');
    leader.done({ kind: 'page', page: page('<p>shared</p>', 0) });
    expect((await follower.page)?.body.toString()).toBe('<p>shared</p>');
  });

  it('serves the expired copy while its replacement renders, but not for long', () => {
    const clock = { now: 0 };
    const store = storeAt(clock);
    const first = store.lookup('a');
    if (first.kind !== 'render') throw new Error('expected a render');
    first.done({ kind: 'page', page: page('old', 0) });

    clock.now = 1500;
    expect(store.lookup('a').kind).toBe('render');
    expect(store.lookup('a').kind).toBe('stale');
    // Past lifetime + staleMs, the next visitor waits for the new copy instead.
    clock.now = 3001;
    expect(store.lookup('a').kind).toBe('wait');
  });

  it('sends the followers of an uncacheable render to Next, and the next requests straight there for a lifetime', async () => {
    const clock = { now: 0 };
    const store = storeAt(clock);
    const leader = store.lookup('a');
    const follower = store.lookup('a');
    if (leader.kind !== 'render' || follower.kind !== 'wait') throw new Error('expected one render and one wait');
    leader.done({ kind: 'uncacheable' });
    expect(await follower.page).toBeUndefined();
    expect(store.lookup('a').kind).toBe('pass');
    clock.now = 1000;
    expect(store.lookup('a').kind).toBe('render');
  });

  it('forgets nothing when a render is aborted: the next request renders again', async () => {
    const store = storeAt({ now: 0 });
    const leader = store.lookup('a');
    const follower = store.lookup('a');
    if (leader.kind !== 'render' || follower.kind !== 'wait') throw new Error('expected one render and one wait');
    leader.done({ kind: 'aborted' });
    expect(await follower.page).toBeUndefined();
    expect(store.lookup('a').kind).toBe('render');
  });

  it('stays within its byte budget by dropping the least recently used page', () => {
    const clock = { now: 0 };
    const store = storeAt(clock, { maxBytes: 8 * 1024 });
    const body = 'x'.repeat(600);
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']) {
      const lookup = store.lookup(key);
      if (lookup.kind !== 'render') throw new Error('expected a render');
      lookup.done({ kind: 'page', page: page(body, 0) });
      // 'a' is read after every insert: it stays, the others go oldest first.
      expect(store.lookup('a').kind).toBe('fresh');
      expect(store.size.bytes).toBeLessThanOrEqual(8 * 1024);
    }
    expect(store.lookup('a').kind).toBe('fresh');
    expect(store.lookup('j').kind).toBe('fresh');
    expect(store.lookup('b').kind).toBe('render');
    expect(store.size.entries).toBeLessThan(10);
  });

  it('lets go of pages that can no longer be served when it stores new ones', () => {
    const clock = { now: 0 };
    const store = storeAt(clock);
    for (const key of ['old-1', 'old-2']) {
      const lookup = store.lookup(key);
      if (lookup.kind !== 'render') throw new Error('expected a render');
      lookup.done({ kind: 'page', page: page('x'.repeat(500), 0) });
    }
    clock.now = 3000;
    const lookup = store.lookup('new');
    if (lookup.kind !== 'render') throw new Error('expected a render');
    lookup.done({ kind: 'page', page: page('y', 3000) });
    expect(store.size.entries).toBe(1);
  });

  it('does not keep a page larger than an eighth of the budget', () => {
    const store = storeAt({ now: 0 }, { maxBytes: 8 * 1024 });
    const lookup = store.lookup('big');
    if (lookup.kind !== 'render') throw new Error('expected a render');
    lookup.done({ kind: 'page', page: page('x'.repeat(2000), 0) });
    expect(store.size.entries).toBe(0);
    expect(store.lookup('big').kind).toBe('render');
  });
  it('forgets every copy when cleared, and keeps nothing from a render that started before', async () => {
    const store = storeAt({ now: 0 });
    const kept = store.lookup('a');
    if (kept.kind !== 'render') throw new Error('expected a render');
    kept.done({ kind: 'page', page: page('before the change', 0) });
    const straddling = store.lookup('b');
    const waiting = store.lookup('b');
    if (straddling.kind !== 'render' || waiting.kind !== 'wait') throw new Error('expected one render and one wait');

    store.clear();
    expect(store.lookup('a').kind).toBe('render');
    // The render that began before the change still answers its waiters, but the next visitor gets a new one.
    straddling.done({ kind: 'page', page: page('read before the change', 0) });
    expect((await waiting.page)?.body.toString()).toBe('read before the change');
    expect(store.lookup('b').kind).toBe('render');
  });
});
