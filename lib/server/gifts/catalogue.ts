import 'server-only';
// The gift catalogue (spec §3): what the viewers of an anchor's brand can send, in the reader's language.
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db';
import { gifts, users, type GiftRow } from '@/lib/db/schema';
import type { Locale } from '@/lib/i18n/locales';
import { AppError } from '@/lib/server/http/errors';
import type { GiftItem, GiftList } from '@/lib/validation/gifts';

function giftItem(row: GiftRow, locale: Locale): GiftItem {
  return {
    id: row.id,
    name: row.name[locale] || row.name['en-US'],
    price: row.price,
    currency: row.currency,
    icon: row.icon,
    animation: row.animation,
    animat_type: row.animatType,
    duration: row.durationMs,
    combo: row.combo ? 1 : 0,
  };
}

// A burst of gifts to one room reads the same anchor and gift over and over: both are kept a few seconds (a gift
// changed by `ops gifts:set` or the console in this process is forgotten at once; elsewhere it takes effect within the TTL).
const cacheMs = 5000;
const cacheCapacity = 5000;
type Cached<T> = { at: number; value: T };
const brands = new Map<number, Cached<string>>();
const offered = new Map<string, Cached<GiftRow | undefined>>();

function cached<K, T>(cache: Map<K, Cached<T>>, key: K): Cached<T> | undefined {
  const hit = cache.get(key);
  return hit && Date.now() - hit.at < cacheMs ? hit : undefined;
}

function remember<K, T>(cache: Map<K, Cached<T>>, key: K, value: T): T {
  if (cache.size >= cacheCapacity) cache.clear();
  cache.set(key, { at: Date.now(), value });
  return value;
}

/** The brand whose catalogue an anchor's room shows; refused when the id is not an anchor's. */
export async function anchorBrand(db: Db | Tx, anchorId: number): Promise<string> {
  const hit = cached(brands, anchorId);
  if (hit) return hit.value;
  const [anchor] = await db
    .select({ brandId: users.brandId })
    .from(users)
    .where(and(eq(users.id, anchorId), eq(users.role, 'anchor')))
    .limit(1);
  if (!anchor) throw new AppError('gifts.errors.noSuchAnchor');
  return remember(brands, anchorId, anchor.brandId);
}

const offeredBy = (brandId: string) => and(eq(gifts.enabled, true), or(isNull(gifts.brandId), eq(gifts.brandId, brandId)));

/** POST /api/gift/list: the enabled gifts of the anchor's brand (its own and every brand's), in catalogue order. */
export async function listGifts(db: Db, anchorId: number, locale: Locale): Promise<GiftList> {
  const rows = await db
    .select()
    .from(gifts)
    .where(offeredBy(await anchorBrand(db, anchorId)))
    .orderBy(asc(gifts.sortOrder), asc(gifts.id));
  return { list: rows.map((row) => giftItem(row, locale)) };
}

/** One gift the brand offers now, or undefined (unknown, disabled or another brand's). */
export async function findOfferedGift(db: Db | Tx, brandId: string, giftId: number): Promise<GiftRow | undefined> {
  const key = `${brandId}:${giftId}`;
  const hit = cached(offered, key);
  if (hit) return hit.value;
  const [row] = await db
    .select()
    .from(gifts)
    .where(and(eq(gifts.id, giftId), offeredBy(brandId)))
    .limit(1);
  return remember(offered, key, row);
}

/** Every gift of every brand, disabled ones included, for the operator. */
export async function listCatalogue(db: Db): Promise<GiftRow[]> {
  return db.select().from(gifts).orderBy(asc(gifts.sortOrder), asc(gifts.id));
}

export type GiftChanges = Partial<Pick<GiftRow, 'name' | 'price' | 'currency' | 'enabled' | 'combo' | 'durationMs' | 'sortOrder' | 'brandId' | 'animatType'>>;

/** Changes one gift of the catalogue; undefined when there is no such gift. */
export async function updateGift(db: Db | Tx, giftId: number, changes: GiftChanges): Promise<GiftRow | undefined> {
  const [row] = await db
    .update(gifts)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(gifts.id, giftId))
    .returning();
  offered.clear();
  return row;
}
