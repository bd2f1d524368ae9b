import 'server-only';
// The micro-cache's memory: rendered pages by key for a short lifetime, within a byte budget (least recently
// used go first), with one render per key at a time (the other requests wait for it, or get the copy it replaces).

export type CachedPage = {
  /** Response headers as Next sent them, less the hop-by-hop ones, with the body's content-length. */
  headers: Record<string, string | string[]>;
  body: Buffer;
  etag: string | undefined;
  storedAt: number;
  /** How long this copy may be served as fresh (the configured lifetime, at most the page's s-maxage). */
  ttlMs: number;
};

/** What a render that was asked for ended with. */
export type RenderOutcome = { kind: 'page'; page: CachedPage } | { kind: 'uncacheable' } | { kind: 'aborted' };

export type Lookup =
  | { kind: 'fresh'; page: CachedPage }
  /** Expired, but another request is already rendering the next copy. */
  | { kind: 'stale'; page: CachedPage }
  /** Another request is rendering this key: its page, or undefined when it is not cacheable. */
  | { kind: 'wait'; page: Promise<CachedPage | undefined> }
  /** This request renders; it must call `done` exactly once. */
  | { kind: 'render'; done: (outcome: RenderOutcome) => void }
  /** The key's last response could not be cached: go straight to the renderer for a while. */
  | { kind: 'pass' };

type Slot = { kind: 'page'; page: CachedPage; bytes: number } | { kind: 'pass'; until: number; bytes: number };

export type PageStoreOptions = {
  ttlMs: number;
  maxBytes: number;
  /** How long past its lifetime a copy may still be served while its replacement renders. */
  staleMs: number;
  now?: () => number;
};

// A rough charge for the Map entry, the key string and the header object besides the body.
const slotOverheadBytes = 256;

export class PageStore {
  private readonly slots = new Map<string, Slot>();
  private readonly renders = new Map<string, Promise<CachedPage | undefined>>();
  private bytes = 0;
  /** Counts clear() calls: a render started before the last one keeps nothing. */
  private generation = 0;
  private readonly now: () => number;

  constructor(private readonly options: PageStoreOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The largest page worth keeping: one page never takes more than an eighth of the budget. */
  get maxPageBytes(): number {
    return Math.floor(this.options.maxBytes / 8);
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.slots.size, bytes: this.bytes };
  }

  lookup(key: string): Lookup {
    const now = this.now();
    const slot = this.slots.get(key);
    if (slot?.kind === 'page') {
      const age = now - slot.page.storedAt;
      if (age < slot.page.ttlMs) {
        this.touch(key, slot);
        return { kind: 'fresh', page: slot.page };
      }
      if (this.renders.has(key) && age < slot.page.ttlMs + this.options.staleMs) return { kind: 'stale', page: slot.page };
    } else if (slot?.kind === 'pass' && now < slot.until) {
      return { kind: 'pass' };
    }
    const pending = this.renders.get(key);
    if (pending) return { kind: 'wait', page: pending };
    return { kind: 'render', done: this.startRender(key) };
  }

  /**
   * Forgets every copy, because what the pages show has changed (lib/server/public-pages/freshness.ts). A render
   * already running still answers the requests waiting for it, but its page is not kept: it may predate the change.
   */
  clear(): void {
    this.slots.clear();
    this.renders.clear();
    this.bytes = 0;
    this.generation += 1;
  }

  private startRender(key: string): (outcome: RenderOutcome) => void {
    let resolve: (page: CachedPage | undefined) => void = () => undefined;
    const render = new Promise<CachedPage | undefined>((settle) => (resolve = settle));
    this.renders.set(key, render);
    const generation = this.generation;
    let finished = false;
    return (outcome) => {
      if (finished) return;
      finished = true;
      if (this.renders.get(key) === render) this.renders.delete(key);
      if (generation === this.generation) {
        if (outcome.kind === 'page') this.store(key, outcome.page);
        // Remembering "not cacheable" spares the next requests a wait on a render they cannot share.
        else if (outcome.kind === 'uncacheable') this.put(key, { kind: 'pass', until: this.now() + this.options.ttlMs, bytes: key.length * 2 + slotOverheadBytes });
      }
      resolve(outcome.kind === 'page' ? outcome.page : undefined);
    };
  }

  private store(key: string, page: CachedPage): void {
    let headerBytes = 0;
    for (const [name, value] of Object.entries(page.headers)) headerBytes += name.length + (Array.isArray(value) ? value.join('').length : value.length);
    const bytes = page.body.length + headerBytes + key.length * 2 + slotOverheadBytes;
    if (bytes > this.maxPageBytes) {
      this.remove(key);
      return;
    }
    this.put(key, { kind: 'page', page, bytes });
  }

  private put(key: string, slot: Slot): void {
    this.remove(key);
    this.slots.set(key, slot);
    this.bytes += slot.bytes;
    // Map keeps insertion order and lookups re-insert what they use: the first keys are the least recently used.
    // Past the budget they go; before it, those no longer servable go too, so that memory follows the traffic.
    const now = this.now();
    for (const [oldest, old] of this.slots) {
      if (this.bytes <= this.options.maxBytes && !this.isDead(old, now)) break;
      this.slots.delete(oldest);
      this.bytes -= old.bytes;
    }
  }

  private isDead(slot: Slot, now: number): boolean {
    return slot.kind === 'pass' ? now >= slot.until : now - slot.page.storedAt >= slot.page.ttlMs + this.options.staleMs;
  }

  private remove(key: string): void {
    const slot = this.slots.get(key);
    if (!slot) return;
    this.slots.delete(key);
    this.bytes -= slot.bytes;
  }

  private touch(key: string, slot: Slot): void {
    this.slots.delete(key);
    this.slots.set(key, slot);
  }
}
