// The operator's gift commands: the catalogue as a table, and changes to one gift that the list call shows at once.
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { POST as giftList } from '@/app/api/gift/list/route';
import { getDb } from '@/lib/db';
import { gifts, users } from '@/lib/db/schema';
import type { GiftList } from '@/lib/validation/gifts';
import { callRoute } from '@/tests/support/call-route';
import { runOpsCommand } from '@/tests/support/ops';

beforeAll(() => getDb(), 60_000);

async function newGift() {
  const tag = crypto.randomBytes(3).toString('hex');
  const [gift] = await (await getDb())
    .insert(gifts)
    .values({ name: { 'en-US': `Ops gift ${tag}`, 'zh-CN': `运营礼物 ${tag}` }, price: 700, currency: 'gold', icon: '/gifts/whistle.svg', animation: 'whistle', sortOrder: 900 })
    .returning();
  return gift;
}

async function anchorOf(brandId: string) {
  const id = 100_000_000 + crypto.randomInt(0, 800_000_000);
  await (await getDb()).insert(users).values({ id, mobile: `172${String(id).slice(-8)}`, nickName: `Ops anchor ${id % 1000}`, role: 'anchor', brandId });
  return id;
}

describe('gifts:list', () => {
  it('shows every gift with its price, animation, combo, brand and state', async () => {
    const gift = await newGift();
    const { code, out } = await runOpsCommand('gifts:list');
    expect(code).toBe(0);
    expect(out).toMatch(/^ {2}id {2}name/);
    expect(out).toMatch(/Thumbs up\s+1\.00 gold\s+thumbs_up\s+2500 ms\s+combo\s+all brands\s+enabled/);
    expect(out).toContain(`${gift.name['en-US']}`);
  });
});

describe('gifts:set', () => {
  it('changes the price, switches a gift off and back on, and moves it to one brand', async () => {
    const gift = await newGift();
    const anchor = await anchorOf('sportcast');
    const listed = async () => (await callRoute<GiftList>(giftList, { body: { anchor_id: anchor } })).data.list.find((item) => item.id === gift.id);

    expect(await runOpsCommand('gifts:set', String(gift.id), '--price', '1250', '--currency', 'diamond', '--combo', '0', '--duration', '4000')).toEqual({
      code: 0,
      out: `Gift ${gift.id} (${gift.name['en-US']}): 12.50 diamond, enabled, no combo, 4000 ms, all brands.`,
      err: '',
    });
    expect(await listed()).toMatchObject({ price: 1250, currency: 'diamond', combo: 0, duration: 4000 });

    expect((await runOpsCommand('gifts:set', String(gift.id), '--enabled', '0')).code).toBe(0);
    expect(await listed()).toBeUndefined();
    expect((await runOpsCommand('gifts:set', String(gift.id), '--enabled', '1', '--brand', 'qiuba')).code).toBe(0);
    expect(await listed()).toBeUndefined();
    const [row] = await (await getDb()).select().from(gifts).where(eq(gifts.id, gift.id));
    expect(row).toMatchObject({ enabled: true, brandId: 'qiuba' });
  });

  it('explains each mistake instead of changing anything', async () => {
    const gift = await newGift();
    expect(await runOpsCommand('gifts:set', String(gift.id), '--price', '0')).toMatchObject({ code: 1, err: '--price must be a whole number from 1 to 1000000000.' });
    expect(await runOpsCommand('gifts:set', String(gift.id), '--price', '1.5')).toMatchObject({ code: 1, err: '--price must be a whole number from 1 to 1000000000.' });
    expect(await runOpsCommand('gifts:set', String(gift.id), '--currency', 'euro')).toMatchObject({ code: 1, err: '--currency takes diamond (gems) or gold (diamonds).' });
    expect(await runOpsCommand('gifts:set', String(gift.id), '--enabled', 'yes')).toMatchObject({ code: 1, err: '--enabled takes 1 (on) or 0 (off).' });
    expect(await runOpsCommand('gifts:set', String(gift.id), '--brand', 'nowhere')).toMatchObject({ code: 1, err: expect.stringContaining('--brand takes all or one of: ') });
    expect(await runOpsCommand('gifts:set', String(gift.id))).toMatchObject({ code: 1, err: expect.stringContaining('Say what to change.') });
    expect(await runOpsCommand('gifts:set', '2000000000', '--price', '100')).toMatchObject({ code: 1, err: 'There is no gift 2000000000. `npm run ops -- gifts:list` shows the catalogue.' });
    const [row] = await (await getDb()).select().from(gifts).where(eq(gifts.id, gift.id));
    expect(row).toMatchObject({ price: 700, currency: 'gold', enabled: true, brandId: null });
  });
});
