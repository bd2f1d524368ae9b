// The console's money section (docs/admin.md "Money"): the gift catalogue edited per brand (shared gifts for
// every brand), audited, refused with a message and nothing written on bad input or a stale password; the
// finance page's search of the brand's users' transactions, proofs of the books on record, and the CSV export.
import { and, desc, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { POST as saveGiftRoute } from '@/app/api/admin/saveGift/route';
import { POST as verifyLedgerRoute } from '@/app/api/admin/verifyLedger/route';
import { GET as ledgerExportRoute } from '@/app/api/admin/ledgerExport/route';
import { getDb } from '@/lib/db';
import { auditLog, gifts, ledgerBalances, ledgerVerifications, lives, users, type GiftRow } from '@/lib/db/schema';
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
      [{ name_en: '  ' }, 'Enter the gift’s name in both languages.'],
      [{ name_zh: 'x'.repeat(21) }, 'A gift’s name is at most 20 characters.'],
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
    const reply = await call<LedgerVerification>(verifyLedgerRoute, {}, cookie);
    expect(reply).toMatchObject({ status: 0, data: { mismatches: 0, actorId: finance.id } });
    expect(reply.data.accounts).toBeGreaterThan(0);
    expect(await latestLedgerVerification(await getDb())).toEqual(reply.data);
    expect(await latestAudit('books', 'ledger')).toMatchObject({ action: 'ledger.verify', actorId: finance.id, after: { mismatches: 0 } });
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
