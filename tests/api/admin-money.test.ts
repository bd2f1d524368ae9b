// The console's money section (docs/admin.md "Money"): the gift catalogue edited per brand (shared gifts for
// every brand), audited, refused with a message and nothing written on bad input or a stale password; the
// finance page's search of the brand's users' transactions, proofs of the books on record, and the CSV export.
import { and, desc, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { POST as saveGiftRoute } from '@/app/api/admin/saveGift/route';
import { POST as verifyLedgerRoute } from '@/app/api/admin/verifyLedger/route';
import { POST as saveRechargePackageRoute } from '@/app/api/admin/saveRechargePackage/route';
import { POST as saveMallItemRoute } from '@/app/api/admin/saveMallItem/route';
import { POST as saveLotteryPrizeRoute } from '@/app/api/admin/saveLotteryPrize/route';
import { POST as saveCheckinDayRoute } from '@/app/api/admin/saveCheckinDay/route';
import { POST as resetCheckinTableRoute } from '@/app/api/admin/resetCheckinTable/route';
import { GET as ledgerExportRoute } from '@/app/api/admin/ledgerExport/route';
import { getDb } from '@/lib/db';
import { auditLog, gifts, ledgerBalances, ledgerVerifications, lives, lotteryPrizes, mallItems, rechargePackages, users, type GiftRow, type LotteryPrize, type MallItem, type RechargePackage } from '@/lib/db/schema';
import { readPrizeTable } from '@/lib/server/lottery/lottery';
import { checkInToday } from '@/lib/server/checkin/check-in';
import { readCycleRewards } from '@/lib/server/checkin/rewards';
import { readWallet } from '@/lib/server/ledger/balances';
import { buyMallItem } from '@/lib/server/mall/buy';
import { listMallItems } from '@/lib/server/mall/catalogue';
import { getBrand } from '@/lib/brand/registry';
import { listPackages } from '@/lib/server/recharge/orders';
import { getBus } from '@/lib/realtime/bus';
import { consoleCookieName, findConsoleActor, sealConsoleGrant } from '@/lib/server/admin/console-session';
import { searchLedger } from '@/lib/server/admin/ledger';
import { listGifts } from '@/lib/server/gifts/catalogue';
import { sendGift } from '@/lib/server/gifts/send';
import { grantCurrency } from '@/lib/server/ledger/grants';
import { latestLedgerVerification, recordLedgerVerification } from '@/lib/server/ledger/verifications';
import { ledgerSearchQuery, type LedgerVerification } from '@/lib/validation/admin-money';
import { call, consoleUser, giftForm, latestAudit } from './console-helpers';
import { accountWithRole } from './live-helpers';

beforeAll(() => getDb(), 60_000);

let giftCount = 0;
/** A gift of its own for each test: of a brand, or shared by every brand (null). */
async function newGift(brandId: string | null, values: Partial<GiftRow> = {}): Promise<GiftRow> {
  giftCount += 1;
  const [row] = await (await getDb())
    .insert(gifts)
    .values({ brandId, name: { 'en-US': `Flag ${giftCount}`, 'zh-CN': `旗帜${giftCount}` }, price: 500, currency: 'gold', icon: '/gifts/flag.svg', animation: 'scarf', sortOrder: 90, ...values })
    .returning();
  return row;
}

async function giftRow(id: number): Promise<GiftRow> {
  const [row] = await (await getDb()).select().from(gifts).where(eq(gifts.id, id));
  return row;
}

async function liveAnchor() {
  const anchor = await accountWithRole('1586', 'anchor');
  await (await getDb()).insert(lives).values({ anchorId: anchor.id, stream: `money-${anchor.id}`, title: 'Money test', categoryId: 2, childCategoryId: 201, status: 'live' });
  return anchor;
}

/** GET /api/admin/ledgerExport with the console cookie. */
async function exportCsv(query: string, cookie?: string, lang?: string): Promise<Response> {
  return ledgerExportRoute(
    new NextRequest(`http://localhost:3000/api/admin/ledgerExport?${query}`, {
      headers: { host: 'localhost:3000', 'x-forwarded-for': '203.0.113.9', ...(lang ? { lang } : {}), ...(cookie ? { cookie: `${consoleCookieName.plain}=${cookie}` } : {}) },
    }),
  );
}

const today = () => new Date().toISOString().slice(0, 10);

describe('the gift catalogue', () => {
  it('saves a brand’s gift, audits only what changed, and the rooms list and charge the new values', async () => {
    const { account: operator, cookie } = await consoleUser('finance');
    const gift = await newGift('sportcast');
    const reply = await call<{ changed: string[] }>(saveGiftRoute, giftForm(gift, { name_en: 'Corner flag', name_zh: '角旗', price: '12.5', currency: 'diamond', combo: '0', duration: '2.5', sort: '3' }), cookie);
    expect(reply).toMatchObject({ status: 0, data: { changed: ['name', 'price', 'currency', 'combo', 'durationMs', 'sortOrder'] } });
    expect(await giftRow(gift.id)).toMatchObject({ name: { 'en-US': 'Corner flag', 'zh-CN': '角旗' }, price: 1250, currency: 'diamond', combo: false, durationMs: 2500, sortOrder: 3, enabled: true });
    expect(await latestAudit(gift.id, 'gift')).toMatchObject({
      actorId: operator.id,
      actorRole: 'finance',
      action: 'gift.update',
      before: { price: 500, currency: 'gold', combo: true, durationMs: 5000, sortOrder: 90 },
      after: { price: 1250, currency: 'diamond', combo: false, durationMs: 2500, sortOrder: 3 },
    });

    const db = await getDb();
    const anchor = await liveAnchor();
    const listed = (await listGifts(db, anchor.id, 'zh-CN')).list.find((item) => item.id === gift.id);
    expect(listed).toMatchObject({ name: '角旗', price: 1250, currency: 'diamond', combo: 0, duration: 2500 });
    const sender = await accountWithRole('1587');
    await grantCurrency(db, { userId: sender.id, currency: 'diamond', amount: 5_000, idempotencyKey: `money-test:${sender.id}`, note: 'test' });
    const sent = await sendGift(db, getBus(), { senderId: sender.id, anchorId: anchor.id, giftId: gift.id, count: 2, idempotencyKey: `money-send:${sender.id}` });
    expect(sent.bal).toMatchObject({ diamond: 2_500 });

    // The same values again: nothing written, nothing audited.
    const audited = await latestAudit(gift.id, 'gift');
    expect(await call(saveGiftRoute, giftForm(await giftRow(gift.id)), cookie)).toMatchObject({ status: 0, data: { changed: [] } });
    expect((await latestAudit(gift.id, 'gift')).id).toBe(audited.id);
  });

  it('withdraws a gift from the rooms and offers it again', async () => {
    const { cookie } = await consoleUser('operator');
    const gift = await newGift('sportcast');
    const anchor = await liveAnchor();
    expect(await call(saveGiftRoute, giftForm(gift, { enabled: '0' }), cookie)).toMatchObject({ status: 0, data: { changed: ['enabled'] } });
    expect((await listGifts(await getDb(), anchor.id, 'en-US')).list.map((item) => item.id)).not.toContain(gift.id);
    expect(await call(saveGiftRoute, giftForm(gift, { enabled: '1' }), cookie)).toMatchObject({ status: 0, data: { changed: ['enabled'] } });
    expect((await listGifts(await getDb(), anchor.id, 'en-US')).list.map((item) => item.id)).toContain(gift.id);
  });

  it('edits a gift every brand shares from any brand’s console, and refuses another brand’s own gift', async () => {
    const { cookie } = await consoleUser('operator');
    const shared = await newGift(null);
    expect(await call(saveGiftRoute, giftForm(shared, { price: '7' }), cookie, { host: 'zh.localhost:3000', lang: 'en' })).toMatchObject({ status: 0, data: { changed: ['price'] } });
    expect((await giftRow(shared.id)).price).toBe(700);
    expect(await latestAudit(shared.id, 'gift')).toMatchObject({ brandId: 'qiuba' });

    const qiubaGift = await newGift('qiuba');
    expect(await call(saveGiftRoute, giftForm(qiubaGift, { price: '1' }), cookie)).toMatchObject({ status: 1, msg: 'Choose a gift of this brand’s catalogue.' });
    expect(await call(saveGiftRoute, giftForm(qiubaGift, { price: '1' }), cookie, { lang: 'zh_cn' })).toMatchObject({ status: 1, msg: '请选择本品牌目录中的礼物。' });
    expect((await giftRow(qiubaGift.id)).price).toBe(500);
  });

  it('refuses bad values with a message in the operator’s language and writes nothing', async () => {
    const { cookie } = await consoleUser('operator');
    const gift = await newGift('sportcast');
    for (const [change, message] of [
      [{ price: '0' }, 'Enter a price from 0.01 to 10,000,000, with at most two decimals.'],
      [{ price: '1.005' }, 'Enter a price from 0.01 to 10,000,000, with at most two decimals.'],
      [{ price: '-3' }, 'Enter a price from 0.01 to 10,000,000, with at most two decimals.'],
      [{ price: '1e3' }, 'Enter a price from 0.01 to 10,000,000, with at most two decimals.'],
      [{ price: '100000000' }, 'Enter a price from 0.01 to 10,000,000, with at most two decimals.'],
      [{ name_en: '  ' }, 'Enter the name in both languages.'],
      [{ name_zh: 'x'.repeat(21) }, 'A name is at most 20 characters.'],
      [{ currency: 'coins' }, 'Choose gems or diamonds.'],
      [{ enabled: 'yes' }, 'Choose one of the options.'],
      [{ duration: '0.2' }, 'Enter the animation’s length in seconds, from 0.5 to 60.'],
      [{ sort: '1.5' }, 'Enter a whole number from 0 to 10,000 for the order.'],
      [{ gift_id: '0' }, 'Choose a gift of this brand’s catalogue.'],
    ] as const) {
      expect(await call(saveGiftRoute, giftForm(gift, change), cookie)).toMatchObject({ status: 1, msg: message });
    }
    expect(await call(saveGiftRoute, giftForm(gift, { price: 'abc' }), cookie, { lang: 'zh_cn' })).toMatchObject({ status: 1, msg: '请输入 0.01 至 10,000,000 之间的价格，最多两位小数。' });
    expect(await call(saveGiftRoute, giftForm(gift, { gift_id: '999999999' }), cookie)).toMatchObject({ status: 1, msg: 'Choose a gift of this brand’s catalogue.' });
    expect(await giftRow(gift.id)).toEqual(gift);
    // A NUL character, which nobody types and Postgres cannot store, is dropped: the same name changes nothing.
    expect(await call(saveGiftRoute, giftForm(gift, { name_en: `${gift.name['en-US']}\u0000` }), cookie)).toMatchObject({ status: 0, data: { changed: [] } });
    expect(await latestAudit(gift.id, 'gift')).toBeUndefined();
  });

  it('asks for the password again when the last check is old, and writes nothing until then', async () => {
    const { cookie } = await consoleUser('operator');
    const gift = await newGift('sportcast');
    const actor = await findConsoleActor(await getDb(), cookie);
    if (!actor) throw new Error('no actor');
    const stale = await sealConsoleGrant({ ...actor.grant, reauthAt: Date.now() - 6 * 60_000 });
    expect(await call(saveGiftRoute, giftForm(gift, { price: '9' }), stale)).toMatchObject({ status: 1, msg: 'Please confirm your password to continue.', data: { reauth: 1 } });
    expect((await giftRow(gift.id)).price).toBe(500);
  });
});

/** A package's row as the console's form sends it, with changes on top. */
function packageForm(pack: RechargePackage, changes: Record<string, string> = {}): Record<string, string> {
  return {
    package_id: String(pack.id),
    price: (pack.priceMinor / 100).toFixed(2),
    gems: String(pack.diamond / 100),
    bonus: String(pack.bonus / 100),
    enabled: pack.enabled ? '1' : '0',
    sort: String(pack.sortOrder),
    ...changes,
  };
}

async function newPackage(brandId: 'sportcast' | 'qiuba'): Promise<RechargePackage> {
  const [row] = await (await getDb())
    .insert(rechargePackages)
    .values({ brandId, priceMinor: 1_500, currency: brandId === 'qiuba' ? 'CNY' : 'USD', diamond: 150_000, bonus: 5_000, sortOrder: 50 })
    .returning();
  return row;
}

async function packageRow(id: number): Promise<RechargePackage> {
  const [row] = await (await getDb()).select().from(rechargePackages).where(eq(rechargePackages.id, id));
  return row;
}

async function offered(brandId: string) {
  const brand = getBrand(brandId);
  if (!brand) throw new Error(`no brand ${brandId}`);
  return (await listPackages(await getDb(), brand, undefined)).list;
}

describe('recharge packages', () => {
  it('reprices a package in the brand’s currency, audited, and the wallet page sells it so', async () => {
    const { account: operator, cookie } = await consoleUser('finance');
    const pack = await newPackage('sportcast');
    const reply = await call<{ changed: string[] }>(saveRechargePackageRoute, packageForm(pack, { price: '12.49', gems: '1300.5', bonus: '0', sort: '7' }), cookie);
    expect(reply).toMatchObject({ status: 0, data: { id: pack.id, changed: ['priceMinor', 'diamond', 'bonus', 'sortOrder'] } });
    expect(await packageRow(pack.id)).toMatchObject({ priceMinor: 1_249, diamond: 130_050, bonus: 0, sortOrder: 7, currency: 'USD' });
    expect(await latestAudit(pack.id, 'rechargePackage')).toMatchObject({
      actorId: operator.id,
      action: 'recharge.package.save',
      before: { priceMinor: 1_500, diamond: 150_000, bonus: 5_000, sortOrder: 50 },
      after: { priceMinor: 1_249, diamond: 130_050, bonus: 0, sortOrder: 7 },
    });
    expect(await offered('sportcast')).toContainEqual({ package_id: pack.id, price: 1_249, currency: 'USD', diamond: 130_050, bonus: 0 });

    const audited = await latestAudit(pack.id, 'rechargePackage');
    expect(await call(saveRechargePackageRoute, packageForm(await packageRow(pack.id)), cookie)).toMatchObject({ status: 0, data: { changed: [] } });
    expect((await latestAudit(pack.id, 'rechargePackage')).id).toBe(audited.id);

    // Withdrawn: off the wallet page, kept for the orders that bought it.
    expect(await call(saveRechargePackageRoute, packageForm(await packageRow(pack.id), { enabled: '0' }), cookie)).toMatchObject({ status: 0, data: { changed: ['enabled'] } });
    expect((await offered('sportcast')).map((item) => item.package_id)).not.toContain(pack.id);
  });

  it('adds a package in the brand’s own currency (yuan for 球吧), audited', async () => {
    const { cookie } = await consoleUser('operator');
    const reply = await call<{ id: number }>(saveRechargePackageRoute, { package_id: '0', price: '98', gems: '980', bonus: '88' }, cookie, { host: 'zh.localhost:3000', lang: 'en' });
    expect(reply).toMatchObject({ status: 0 });
    expect(await packageRow(reply.data.id)).toMatchObject({ brandId: 'qiuba', currency: 'CNY', priceMinor: 9_800, diamond: 98_000, bonus: 8_800, enabled: true, sortOrder: 0 });
    expect(await offered('qiuba')).toContainEqual({ package_id: reply.data.id, price: 9_800, currency: 'CNY', diamond: 98_000, bonus: 8_800 });
    expect(await latestAudit(reply.data.id, 'rechargePackage')).toMatchObject({ action: 'recharge.package.add', brandId: 'qiuba', before: null, after: { currency: 'CNY', priceMinor: 9_800 } });
  });

  it('refuses bad prices and amounts, another brand’s package and an old currency, with a message and nothing written', async () => {
    const { cookie } = await consoleUser('operator');
    const pack = await newPackage('sportcast');
    for (const [change, message] of [
      [{ price: '9.999' }, 'Enter a price above zero in the brand’s currency, with no more decimals than it has.'],
      [{ price: '0' }, 'Enter a price above zero in the brand’s currency, with no more decimals than it has.'],
      [{ price: '-5' }, 'Enter a price above zero in the brand’s currency, with no more decimals than it has.'],
      [{ price: '99999999' }, 'Enter a price above zero in the brand’s currency, with no more decimals than it has.'],
      [{ gems: '0' }, 'Enter the gems from 0.01 to 10,000,000, with at most two decimals.'],
      [{ bonus: '-1' }, 'Enter the bonus gems from 0 to 10,000,000, with at most two decimals.'],
      [{ sort: 'x' }, 'Enter a whole number from 0 to 10,000 for the order.'],
      [{ package_id: '-1' }, 'Choose a recharge package of this brand.'],
    ] as const) {
      expect(await call(saveRechargePackageRoute, packageForm(pack, change), cookie)).toMatchObject({ status: 1, msg: message });
    }
    expect(await call(saveRechargePackageRoute, packageForm(pack, { gems: 'many' }), cookie, { lang: 'zh_cn' })).toMatchObject({ status: 1, msg: '请输入 0.01 至 10,000,000 之间的宝石数量，最多两位小数。' });
    expect(await packageRow(pack.id)).toEqual(pack);

    const qiubaPack = await newPackage('qiuba');
    expect(await call(saveRechargePackageRoute, packageForm(qiubaPack, { price: '1' }), cookie)).toMatchObject({ status: 1, msg: 'Choose a recharge package of this brand.' });
    expect(await packageRow(qiubaPack.id)).toEqual(qiubaPack);

    // A package left from a currency the brand no longer sells in can be withdrawn, not offered again.
    const [old] = await (await getDb()).insert(rechargePackages).values({ brandId: 'sportcast', priceMinor: 500, currency: 'EUR', diamond: 50_000, bonus: 0, enabled: false }).returning();
    expect(await call(saveRechargePackageRoute, packageForm(old, { enabled: '1' }), cookie)).toMatchObject({ status: 1, msg: 'This package is priced in EUR, which this brand no longer sells in; add a new package instead.' });
    expect(await call(saveRechargePackageRoute, packageForm(old, { sort: '9' }), cookie)).toMatchObject({ status: 0, data: { changed: ['sortOrder'] } });
  });
});

async function newMallItem(brandId: string, values: Partial<MallItem> = {}): Promise<MallItem> {
  const [row] = await (await getDb())
    .insert(mallItems)
    .values({ brandId, kind: 'item', itemType: 101, propsId: 7, price: 300, currency: 'diamond', name: { 'en-US': 'Gold bubble', 'zh-CN': '金色气泡' }, description: { 'en-US': 'A chat bubble.', 'zh-CN': '聊天气泡。' }, ...values })
    .returning();
  return row;
}

async function mallRow(id: number): Promise<MallItem> {
  const [row] = await (await getDb()).select().from(mallItems).where(eq(mallItems.id, id));
  return row;
}

/** A mall row's form as the console sends it, with the stock the page showed. */
function mallForm(item: MallItem, changes: Record<string, string> = {}): Record<string, string> {
  const stock = item.stock === null ? '' : String(item.stock);
  return {
    item_id: String(item.id),
    name_en: item.name['en-US'],
    name_zh: item.name['zh-CN'] ?? '',
    price: (item.price / 100).toFixed(2),
    currency: item.currency,
    quantity: String(item.quantity),
    stock,
    stock_seen: stock,
    enabled: item.enabled ? '1' : '0',
    sort: String(item.sortOrder),
    ...changes,
  };
}

/** A buyer with gems who buys `count` of an item. */
async function buy(item: MallItem, count: number) {
  const db = await getDb();
  const buyer = await accountWithRole('1590');
  await grantCurrency(db, { userId: buyer.id, currency: 'diamond', amount: 100_000, idempotencyKey: `mall-buyer:${buyer.id}`, note: 'test' });
  return buyMallItem(db, { userId: buyer.id, brandId: 'sportcast', itemId: item.id, count, clientKey: `buy-${buyer.id}` });
}

describe('the mall and VIP prices', () => {
  it('reprices and renames a shared VIP period, audited, and the mall sells it so', async () => {
    const { cookie } = await consoleUser('finance');
    const vip = await newMallItem('*', { kind: 'vip', itemType: null, propsId: 0, vipLevel: 2, periodDays: 30, name: { 'en-US': 'VIP 2 month', 'zh-CN': 'VIP2 月卡' } });
    const reply = await call<{ changed: string[] }>(saveMallItemRoute, mallForm(vip, { price: '88.8', name_zh: 'VIP2 包月' }), cookie, { host: 'zh.localhost:3000', lang: 'en' });
    expect(reply).toMatchObject({ status: 0, data: { changed: ['name', 'price'] } });
    const sold = (await listMallItems(await getDb(), 'sportcast', 'zh-CN')).list.find((item) => item.id === vip.id);
    expect(sold).toMatchObject({ name: 'VIP2 包月', price: 8_880, tab: 'vip' });
    expect(await latestAudit(vip.id, 'mallItem')).toMatchObject({ action: 'mall.item.save', brandId: 'qiuba', before: { price: 300 }, after: { price: 8_880 } });
  });

  it('never undoes a sale: a stock left as shown is kept, and one changed under the form is refused', async () => {
    const { cookie } = await consoleUser('operator');
    const item = await newMallItem('sportcast', { stock: 10 });
    const shown = mallForm(item);
    await buy(item, 3);
    // The form still shows 10; saving a new price keeps the 7 left.
    expect(await call(saveMallItemRoute, { ...shown, price: '4' }, cookie)).toMatchObject({ status: 0, data: { changed: ['price'] } });
    expect(await mallRow(item.id)).toMatchObject({ price: 400, stock: 7 });
    // Setting 20 from a page that showed 10 is refused with what is left now.
    expect(await call(saveMallItemRoute, { ...shown, stock: '20' }, cookie)).toMatchObject({ status: 1, msg: 'The stock changed while you edited it (now 7). Reload the page and set it again.' });
    expect((await mallRow(item.id)).stock).toBe(7);
    expect(await call(saveMallItemRoute, mallForm(await mallRow(item.id), { stock: '20' }), cookie)).toMatchObject({ status: 0, data: { changed: ['stock'] } });
    expect(await call(saveMallItemRoute, mallForm(await mallRow(item.id), { stock: '' }), cookie)).toMatchObject({ status: 0, data: { changed: ['stock'] } });
    expect((await mallRow(item.id)).stock).toBeNull();
  });

  it('keeps every sale when purchases race with saves of the same row', async () => {
    const { cookie } = await consoleUser('operator');
    const item = await newMallItem('sportcast', { stock: 40 });
    const shown = mallForm(item);
    const outcomes = await Promise.allSettled([
      ...Array.from({ length: 30 }, () => buy(item, 1)),
      ...Array.from({ length: 10 }, (_, index) => call(saveMallItemRoute, { ...shown, sort: String(index) }, cookie)),
    ]);
    const sales = outcomes.slice(0, 30).filter((outcome) => outcome.status === 'fulfilled').length;
    for (const outcome of outcomes.slice(30)) expect(outcome).toMatchObject({ status: 'fulfilled', value: { status: 0 } });
    expect(sales).toBe(30);
    expect((await mallRow(item.id)).stock).toBe(10);
  }, 60_000);

  it('refuses bad values and another brand’s item with a message, writing nothing', async () => {
    const { cookie } = await consoleUser('operator');
    const item = await newMallItem('sportcast', { stock: 5 });
    for (const [change, message] of [
      [{ quantity: '0' }, 'Enter the units per purchase, a whole number from 1 to 10,000.'],
      [{ stock: '-1' }, 'Enter the stock left as a whole number, or leave it empty for unlimited.'],
      [{ stock: '2.5' }, 'Enter the stock left as a whole number, or leave it empty for unlimited.'],
      [{ price: '0.001' }, 'Enter a price from 0.01 to 10,000,000, with at most two decimals.'],
      [{ name_en: '' }, 'Enter the name in both languages.'],
    ] as const) {
      expect(await call(saveMallItemRoute, mallForm(item, change), cookie)).toMatchObject({ status: 1, msg: message });
    }
    const qiubaItem = await newMallItem('qiuba');
    expect(await call(saveMallItemRoute, mallForm(qiubaItem, { price: '1' }), cookie)).toMatchObject({ status: 1, msg: 'Choose an item of this brand’s mall.' });
    expect(await call(saveMallItemRoute, mallForm(qiubaItem, { price: '1' }), cookie, { lang: 'zh_cn' })).toMatchObject({ status: 1, msg: '请选择本品牌商城中的商品。' });
    expect(await mallRow(item.id)).toEqual(item);
    expect(await mallRow(qiubaItem.id)).toEqual(qiubaItem);
  });
});

/** A prize's row as the console's form sends it, with the stock the page showed. */
function prizeForm(prize: LotteryPrize, changes: Record<string, string> = {}): Record<string, string> {
  const stock = prize.stock === null ? '' : String(prize.stock);
  return { prize_id: String(prize.id), weight: String(prize.weight), stock, stock_seen: stock, enabled: prize.enabled ? '1' : '0', ...changes };
}

const qiuba = { host: 'zh.localhost:3000', lang: 'en' };

describe('the lottery table', () => {
  it('gives a brand drawing from the default table a copy with its first change, and leaves the other brand on the default', async () => {
    const db = await getDb();
    const { cookie } = await consoleUser('finance');
    const defaults = (await readPrizeTable(db, null)).prizes;
    expect((await readPrizeTable(db, 'sportcast')).ownTable).toBe(false);
    const first = defaults[0];
    const reply = await call<{ id: number; changed: string[] }>(saveLotteryPrizeRoute, prizeForm(first, { weight: String(first.weight * 3) }), cookie);
    expect(reply).toMatchObject({ status: 0, data: { changed: ['weight'] } });
    expect(reply.data.id).not.toBe(first.id);
    const own = await readPrizeTable(db, 'sportcast');
    expect(own.ownTable).toBe(true);
    expect(own.prizes).toHaveLength(defaults.length);
    expect(own.prizes.find((prize) => prize.id === reply.data.id)).toMatchObject({ brandId: 'sportcast', weight: first.weight * 3 });
    // The default table, which qiuba draws from, is untouched.
    expect((await readPrizeTable(db, null)).prizes).toEqual(defaults);
    expect(await latestAudit(reply.data.id, 'lotteryPrize')).toMatchObject({ action: 'lottery.prize.save', before: { weight: first.weight, copiedFrom: first.id }, after: { weight: first.weight * 3 } });

    // From now on the brand's own rows are edited; a page read before the copy still names a default prize, and
    // its copy is the one changed.
    const copy = own.prizes.find((prize) => prize.id === reply.data.id) as LotteryPrize;
    expect(await call(saveLotteryPrizeRoute, prizeForm(copy, { enabled: '0' }), cookie)).toMatchObject({ status: 0, data: { id: copy.id, changed: ['enabled'] } });
    const stale = await call<{ id: number }>(saveLotteryPrizeRoute, prizeForm(defaults[1], { weight: '7' }), cookie);
    expect(stale).toMatchObject({ status: 0, data: { changed: ['weight'] } });
    expect((await readPrizeTable(db, 'sportcast')).prizes.find((prize) => prize.id === stale.data.id)).toMatchObject({ copiedFrom: defaults[1].id, weight: 7 });
    expect((await readPrizeTable(db, null)).prizes[1].weight).toBe(defaults[1].weight);
  });

  it('copies the default table once when first changes of one brand race', async () => {
    const db = await getDb();
    const { cookie } = await consoleUser('operator');
    const defaults = (await readPrizeTable(db, null)).prizes;
    const replies = await Promise.all(defaults.map((prize) => call(saveLotteryPrizeRoute, prizeForm(prize, { weight: String(prize.weight + 1) }), cookie, qiuba)));
    for (const reply of replies) expect(reply).toMatchObject({ status: 0 });
    const own = await readPrizeTable(db, 'qiuba');
    expect(own.prizes).toHaveLength(defaults.length);
    expect(own.prizes.map((prize) => prize.weight).sort()).toEqual(defaults.map((prize) => prize.weight + 1).sort());
    // sportcast's console cannot reach qiuba's copy.
    expect(await call(saveLotteryPrizeRoute, prizeForm(own.prizes[0], { weight: '1' }), cookie)).toMatchObject({ status: 1, msg: 'Choose a prize of the table this brand draws from.' });
  }, 60_000);

  it('never undoes a draw: a stock left as shown is kept, one changed under the form is refused; bad values are refused', async () => {
    const db = await getDb();
    const { cookie } = await consoleUser('operator');
    const [prize] = (await readPrizeTable(db, 'qiuba')).prizes;
    await db.update(lotteryPrizes).set({ stock: 5 }).where(eq(lotteryPrizes.id, prize.id));
    const shown = prizeForm({ ...prize, stock: 5 });
    // A draw takes one while the form is open.
    await db.update(lotteryPrizes).set({ stock: 4 }).where(eq(lotteryPrizes.id, prize.id));
    expect(await call(saveLotteryPrizeRoute, { ...shown, weight: '11' }, cookie, qiuba)).toMatchObject({ status: 0, data: { changed: ['weight'] } });
    expect((await readPrizeTable(db, 'qiuba')).prizes[0]).toMatchObject({ weight: 11, stock: 4 });
    expect(await call(saveLotteryPrizeRoute, { ...shown, stock: '10' }, cookie, qiuba)).toMatchObject({ status: 1, msg: 'The stock changed while you edited it (now 4). Reload the page and set it again.' });
    for (const [change, message] of [
      [{ weight: '0' }, 'Enter the weight as a whole number from 1 to 1,000,000,000.'],
      [{ weight: '1.5' }, 'Enter the weight as a whole number from 1 to 1,000,000,000.'],
      [{ stock: 'lots' }, 'Enter the stock left as a whole number, or leave it empty for unlimited.'],
      [{ enabled: '2' }, 'Choose one of the options.'],
    ] as const) {
      expect(await call(saveLotteryPrizeRoute, { ...shown, ...change }, cookie, qiuba)).toMatchObject({ status: 1, msg: message });
    }
    expect((await readPrizeTable(db, 'qiuba')).prizes[0]).toMatchObject({ weight: 11, stock: 4 });
  });
});

describe('the check-in rewards', () => {
  const dayOf = async (brandId: string | null, day: number) => (await readCycleRewards(await getDb(), brandId)).byDay.get(day);
  const auditCount = async () => (await (await getDb()).select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.action, 'checkin.day.save'))).length;

  it('gives a brand on the default table a copy with its first change, audited; check-ins give the new rewards, the other brand the default', async () => {
    const db = await getDb();
    const { cookie } = await consoleUser('finance');
    const defaults = await readCycleRewards(db, null);
    expect((await readCycleRewards(db, 'sportcast')).ownTable).toBe(false);
    const form = { day: '1', reward_1: '0::', amount_1: '12', reward_2: '1::', amount_2: '2.50', reward_3: '4:105:0', amount_3: '2', reward_4: '', amount_4: '' };
    expect(await call(saveCheckinDayRoute, form, cookie)).toMatchObject({ status: 0, data: { changed: true } });
    const own = await readCycleRewards(db, 'sportcast');
    expect(own.ownTable).toBe(true);
    expect(own.byDay.get(1)).toEqual([
      { reward_type: 0, quantity: 12, item_type: null, props_id: 0 },
      { reward_type: 1, quantity: 250, item_type: null, props_id: 0 },
      { reward_type: 4, quantity: 2, item_type: 105, props_id: 0 },
    ]);
    // The other days were copied as they were; the default table, which qiuba uses, is untouched.
    for (const day of [2, 3, 4, 5, 6, 7]) expect(own.byDay.get(day)).toEqual(defaults.byDay.get(day));
    expect(await readCycleRewards(db, null)).toEqual(defaults);
    expect((await readCycleRewards(db, 'qiuba')).ownTable).toBe(false);
    expect(await latestAudit(1, 'checkinDay')).toMatchObject({ action: 'checkin.day.save', before: { rewards: defaults.byDay.get(1) }, after: { rewards: own.byDay.get(1) } });

    // The same day saved again writes nothing.
    const audits = await auditCount();
    expect(await call(saveCheckinDayRoute, form, cookie)).toMatchObject({ status: 0, data: { changed: false } });
    expect(await auditCount()).toBe(audits);

    // A new viewer's first check-in (day 1) gives the new rewards.
    const viewer = await accountWithRole('1587', 'user');
    const reply = await checkInToday(db, { userId: viewer.id, brandId: 'sportcast', locale: 'en-US', deviceId: `console-checkin-${viewer.id}`, ip: '198.51.100.71' });
    expect(reply.RewardList.map((item) => [item.reward_type, item.quantity])).toEqual([[0, 12], [1, 250], [4, 2]]);
    expect((await readWallet(db, viewer.id)).gold).toBe(250);
  });

  it('drops a brand’s own table on request, audited, and the brand gives the default again', async () => {
    const db = await getDb();
    const { cookie } = await consoleUser('operator');
    expect(await call(saveCheckinDayRoute, { day: '7', reward_1: '6::', amount_1: '3' }, cookie, qiuba)).toMatchObject({ status: 0, data: { changed: true } });
    const own = await readCycleRewards(db, 'qiuba');
    expect(own.byDay.get(7)).toEqual([{ reward_type: 6, quantity: 3, item_type: null, props_id: 0 }]);
    expect(await call(resetCheckinTableRoute, {}, cookie, qiuba)).toMatchObject({ status: 0, data: { dropped: true } });
    expect(await readCycleRewards(db, 'qiuba')).toEqual({ ...(await readCycleRewards(db, null)), ownTable: false });
    const audit = await latestAudit('qiuba', 'checkinTable');
    expect(audit).toMatchObject({ action: 'checkin.table.reset', after: { days: null } });
    expect((audit.before as { days: unknown[][] }).days[6]).toEqual(own.byDay.get(7));
    // Nothing left to drop.
    expect(await call(resetCheckinTableRoute, {}, cookie, qiuba)).toMatchObject({ status: 0, data: { dropped: false } });
  });

  it('copies the default table once when saves of several days race', async () => {
    const db = await getDb();
    const { cookie } = await consoleUser('operator');
    const replies = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((day) => call(saveCheckinDayRoute, { day: String(day), reward_1: '2::', amount_1: `${day}.05` }, cookie, qiuba)));
    for (const reply of replies) expect(reply).toMatchObject({ status: 0, data: { changed: true } });
    const own = await readCycleRewards(db, 'qiuba');
    for (const day of [1, 2, 3, 4, 5, 6, 7]) expect(own.byDay.get(day)).toEqual([{ reward_type: 2, quantity: day * 100 + 5, item_type: null, props_id: 0 }]);
    expect(await call(resetCheckinTableRoute, {}, cookie, qiuba)).toMatchObject({ status: 0, data: { dropped: true } });
  }, 60_000);

  it('refuses a bad day, reward or amount with a message in the operator’s language, writing nothing', async () => {
    const { cookie } = await consoleUser('operator');
    const before = await readCycleRewards(await getDb(), 'sportcast');
    const amount = 'Enter each reward’s amount: diamonds and gems from 0.01 to 1,000,000 with at most two decimals, anything else a whole number from 1 to 1,000,000.';
    for (const [form, message] of [
      [{ day: '8', reward_1: '0::', amount_1: '5' }, 'Choose a day from 1 to 7.'],
      [{ day: '2', reward_1: '9::', amount_1: '5' }, 'Choose what the reward is from the list.'],
      [{ day: '2', reward_1: '4::', amount_1: '1' }, 'Choose what the reward is from the list.'],
      [{ day: '2', reward_1: '1:105:0', amount_1: '1' }, 'Choose what the reward is from the list.'],
      [{ day: '2', reward_1: '1::', amount_1: '0.001' }, amount],
      [{ day: '2', reward_1: '0::', amount_1: '1.5' }, amount],
      [{ day: '2', reward_1: '0::', amount_1: '' }, amount],
      [{ day: '2', reward_1: '0::', amount_1: '5', reward_2: '2::', amount_2: '2000000' }, amount],
    ] as const) {
      expect(await call(saveCheckinDayRoute, form, cookie)).toMatchObject({ status: 1, msg: message });
    }
    expect(await call(saveCheckinDayRoute, { day: '0' }, cookie, { lang: 'zh_cn' })).toMatchObject({ status: 1, msg: '请选择第 1 到第 7 天。' });
    expect(await readCycleRewards(await getDb(), 'sportcast')).toEqual(before);
    expect(await dayOf('sportcast', 2)).toEqual(before.byDay.get(2));
  });
});

describe('the finance page', () => {
  it('finds the brand’s users’ transactions with every leg, by user, kind and key, and never another brand’s', async () => {
    const db = await getDb();
    const viewer = await accountWithRole('1588');
    await grantCurrency(db, { userId: viewer.id, currency: 'gold', amount: 1_234, idempotencyKey: `finance:${viewer.id}`, note: 'test' });
    const byUser = await searchLedger(db, 'sportcast', ledgerSearchQuery.parse({ user: String(viewer.id) }));
    expect(byUser.total).toBe(1);
    expect(byUser.rows[0]).toMatchObject({ kind: 'grant', key: `finance:${viewer.id}`, user: { id: viewer.id } });
    expect(byUser.rows[0].legs).toEqual(expect.arrayContaining([{ account: `user:${viewer.id}`, asset: 'gold', amount: 1_234 }, { account: 'system:promotions', asset: 'gold', amount: -1_234 }]));
    expect((await searchLedger(db, 'sportcast', ledgerSearchQuery.parse({ key: `finance:${viewer.id}` }))).rows.map((row) => row.user?.id)).toEqual([viewer.id]);
    expect((await searchLedger(db, 'sportcast', ledgerSearchQuery.parse({ kind: 'grant', user: String(viewer.id) }))).total).toBe(1);
    expect((await searchLedger(db, 'sportcast', ledgerSearchQuery.parse({ kind: 'gift', user: String(viewer.id) }))).total).toBe(0);
    // qiuba's console does not see a sportcast user's movements.
    expect((await searchLedger(db, 'qiuba', ledgerSearchQuery.parse({ user: String(viewer.id) }))).total).toBe(0);
    // Filters that are not well formed are dropped, not errors.
    expect(ledgerSearchQuery.parse({ user: 'abc', kind: 'DROP TABLE', page: '-4' })).toEqual({ page: 1 });
  });

  it('proves the books on demand, keeps the result and audits who asked; a finance officer may, a content editor may not', async () => {
    const { account: finance, cookie } = await consoleUser('finance');
    // The last proof is older than 30 s, so the button proves the books again.
    await (await getDb()).update(ledgerVerifications).set({ createdAt: new Date(Date.now() - 60_000) });
    const reply = await call<LedgerVerification>(verifyLedgerRoute, {}, cookie);
    expect(reply).toMatchObject({ status: 0, data: { mismatches: 0, actorId: finance.id } });
    expect(reply.data.accounts).toBeGreaterThan(0);
    expect(await latestLedgerVerification(await getDb())).toEqual(reply.data);
    expect(await latestAudit('books', 'ledger')).toMatchObject({ action: 'ledger.verify', actorId: finance.id, after: { mismatches: 0 } });
    // Pressed again at once: the same proof answers, and nothing is read or written again.
    const verifications = await (await getDb()).select({ id: ledgerVerifications.id }).from(ledgerVerifications);
    expect(await call(verifyLedgerRoute, {}, cookie)).toMatchObject({ status: 0, data: reply.data });
    expect(await (await getDb()).select({ id: ledgerVerifications.id }).from(ledgerVerifications)).toHaveLength(verifications.length);
    const { cookie: content } = await consoleUser('content');
    expect(await call(verifyLedgerRoute, {}, content)).toMatchObject({ status: 1, msg: 'You do not have permission to do this.' });
  });

  it('keeps a failed proof with its first mismatches, and only the newest 200', async () => {
    const db = await getDb();
    // One balance moved behind the ledger's back, then put back.
    const viewer = await accountWithRole('1588');
    await grantCurrency(db, { userId: viewer.id, currency: 'gold', amount: 100, idempotencyKey: `finance-broken:${viewer.id}`, note: 'test' });
    const account = and(eq(ledgerBalances.account, `user:${viewer.id}`), eq(ledgerBalances.asset, 'gold'));
    await db.update(ledgerBalances).set({ balance: 150 }).where(account);
    const failed = await recordLedgerVerification(db, null);
    await db.update(ledgerBalances).set({ balance: 100 }).where(account);
    expect(failed.mismatches).toBeGreaterThan(0);
    expect(failed.details).toContainEqual({ kind: 'account', account: `user:${viewer.id}`, asset: 'gold', balance: 150, entries: 100 });
    expect(failed.actorId).toBeNull();

    for (let index = 0; index < 205; index += 1) await db.insert(ledgerVerifications).values({ accounts: 1, entries: 1, mismatches: 0, durationMs: 1 });
    await recordLedgerVerification(db, null);
    const kept = await db.select({ id: ledgerVerifications.id }).from(ledgerVerifications).orderBy(desc(ledgerVerifications.id));
    expect(kept).toHaveLength(200);
    expect((await latestLedgerVerification(db))?.mismatches).toBe(0);
  });

  it('exports a period as CSV for the brand’s users (one user’s wallet when asked), audited, and refuses others with a 404', async () => {
    const db = await getDb();
    const { cookie } = await consoleUser('finance');
    const viewer = await accountWithRole('1589');
    await grantCurrency(db, { userId: viewer.id, currency: 'diamond', amount: 250, idempotencyKey: `=export:${viewer.id}`, note: 'test' });

    const response = await exportCsv(`from=${today()}&to=${today()}&user=${viewer.id}`, cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="ledger-sportcast-${today()}-${today()}-user-${viewer.id}.csv"`);
    const lines = (await response.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('transaction_id,idempotency_key,kind,time,account,asset,amount,shown');
    expect(lines.slice(1)).toHaveLength(1);
    // A key that a spreadsheet would run as a formula is quoted.
    expect(lines[1]).toMatch(new RegExp(`^\\d+,'=export:${viewer.id},grant,${today()}T[\\d:.]+Z,user:${viewer.id},diamond,250,2\\.50$`));
    expect(await latestAudit(`user:${viewer.id}`, 'ledger')).toMatchObject({ action: 'ledger.export', after: { user: viewer.id } });

    // The whole brand: the viewer's wallet and the promotions leg of the same grant; another brand's user is not there.
    const qiubaViewer = await accountWithRole('1589');
    await db.update(users).set({ brandId: 'qiuba' }).where(eq(users.id, qiubaViewer.id));
    await grantCurrency(db, { userId: qiubaViewer.id, currency: 'gold', amount: 300, idempotencyKey: `export-qiuba:${qiubaViewer.id}`, note: 'test' });
    const brandCsv = await (await exportCsv(`from=${today()}&to=${today()}`, cookie)).text();
    expect(brandCsv).toContain(`user:${viewer.id}`);
    expect(brandCsv).toContain('system:promotions,diamond,-250,-2.50');
    expect(brandCsv).not.toContain(`user:${qiubaViewer.id}`);

    expect((await exportCsv(`from=${today()}&to=${today()}`)).status).toBe(404);
    const { cookie: content } = await consoleUser('content');
    expect((await exportCsv(`from=${today()}&to=${today()}`, content)).status).toBe(404);
    for (const query of ['from=2026-02-01&to=2026-01-01', 'from=2025-01-01&to=2026-06-01', 'from=yesterday&to=2026-01-01', 'to=2026-01-01', 'from=2026-02-30&to=2026-03-01x']) {
      const refused = await exportCsv(query, cookie);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toBe('Choose a period of UTC days (from comes first, at most a year).');
    }
    expect(await (await exportCsv('from=2026-02-01&to=2026-01-01', cookie, 'zh_cn')).text()).toBe('请选择 UTC 日期范围（开始不晚于结束，最长一年）。');
    const [latest] = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(latest.action).toBe('ledger.export');
  });
});
