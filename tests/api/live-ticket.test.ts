// Tickets for HD (spec §2.4 item 6, §4 ticket, §9 one ticket per HD session): the backpack, spending exactly
// one ticket even under concurrent clicks, the signed HD address in getRoomInfo, and the media side's refusal of
// unsigned, expired or foreign HD addresses.
import { eq, sql } from 'drizzle-orm';
import { POST as getRoomInfo } from '@/app/api/live/getRoomInfo/route';
import { POST as useTicket } from '@/app/api/live/ticket/route';
import { POST as ticketHistory } from '@/app/api/live/ticket_history/route';
import { GET as userBackpackGet, POST as userBackpack } from '@/app/api/live/user_backpack/route';
import { GET as hlsFile } from '@/app/api/media/hls/[stream]/[rendition]/[file]/route';
import { POST as endLive } from '@/app/webapi/live/endLive/route';
import { POST as startLive } from '@/app/webapi/live/startLive/route';
import { getDb } from '@/lib/db';
import { ledgerBalances, ledgerEntries, ledgerTransactions, lives, ticketGrants, type Live } from '@/lib/db/schema';
import { ticketAsset } from '@/lib/server/ledger/accounts';
import { readItemCount } from '@/lib/server/ledger/balances';
import { getEnv } from '@/lib/env';
import { markStreamLive } from '@/lib/server/live-state/state';
import { handlePlayHook } from '@/lib/server/media/hook-requests';
import { signHdPlay, type HdViewer } from '@/lib/server/media/signing';
import { findSessionUser } from '@/lib/server/session/sessions';
import { POST as logout } from '@/app/api/user/logout/route';

import { grantTickets } from '@/lib/server/tickets/ledger';
import {
  backpackReply,
  roomInfoReply,
  ticketHistoryReply,
  ticketReply,
  type RoomInfo,
  type StartedLive,
  type TicketHistory,
  type TicketReply,
} from '@/lib/validation/live';
import { callRoute } from '@/tests/support/call-route';
import { expectReplyShape } from '@/tests/support/reply-shape';
import { NextRequest } from 'next/server';
import fs from 'node:fs';
import path from 'node:path';
import { accountWithRole, startLivePayload, type Account } from './live-helpers';

beforeAll(() => getDb(), 60_000);

let anchor: Account;
let freeAnchor: Account;
let viewer: Account;
let live: Live;
let viewerHd: HdViewer;
let freeAnchorHd: HdViewer;

/** Who an HD address is signed for: the account and its sign-in session. */
async function hdViewerOf(account: Account): Promise<HdViewer> {
  const session = await findSessionUser(await getDb(), account.credential);
  if (!session) throw new Error('no session');
  return { id: session.id, sessionId: session.sessionId };
}

async function openLiveOnAir(account: Account, overrides: Record<string, unknown>): Promise<Live> {
  const started = await callRoute<StartedLive>(startLive, { credential: account.credential, body: startLivePayload(overrides) });
  if (started.status !== 0) throw new Error(started.msg);
  // As the media server reports when the encoder's stream comes up, with a 480p rendition and HLS.
  const onAir = await markStreamLive(await getDb(), started.data.live_id, { renditions: ['src', '480'], sourceHeight: 1080, hls: true });
  if (!onAir) throw new Error('live did not go on air');
  return onAir;
}

async function tickets(account: Account): Promise<number> {
  return readItemCount(await getDb(), account.id, ticketAsset);
}

beforeAll(async () => {
  anchor = await accountWithRole('1363', 'anchor');
  freeAnchor = await accountWithRole('1363', 'anchor');
  viewer = await accountWithRole('1363');
  live = await openLiveOnAir(anchor, { ticket_toogle: 1, ticket: 1 });
  await openLiveOnAir(freeAnchor, {});
  viewerHd = await hdViewerOf(viewer);
  freeAnchorHd = await hdViewerOf(freeAnchor);
}, 60_000);

describe('the backpack', () => {
  it('lists the caller’s items, type 105 being tickets', async () => {
    const holder = await accountWithRole('1363');
    expect((await callRoute(userBackpack, { credential: holder.credential })).data).toEqual({ user_backpack: [] });
    await grantTickets(await getDb(), { userId: holder.id, count: 2, idempotencyKey: `test:${holder.id}` });
    const reply = await callRoute(userBackpackGet, { method: 'GET', credential: holder.credential, path: `/api/live/user_backpack?user_id=${holder.id}` });
    expect(reply).toMatchObject({ status: 0, data: { user_backpack: [{ type: 105, quantity: 2 }] } });
    expectReplyShape(backpackReply, reply.data);
  });

  it('grants once per idempotency key', async () => {
    const holder = await accountWithRole('1363');
    const db = await getDb();
    expect(await grantTickets(db, { userId: holder.id, count: 3, idempotencyKey: 'same-key-1' })).toEqual({ granted: true, quantity: 3 });
    expect(await grantTickets(db, { userId: holder.id, count: 3, idempotencyKey: 'same-key-1' })).toEqual({ granted: false, quantity: 3 });
  });

  it('shows nobody else’s backpack', async () => {
    const reply = await callRoute(userBackpack, { credential: viewer.credential, body: { user_id: anchor.id } });
    expect(reply).toMatchObject({ status: 1, msg: 'You can only use your own account here.', data: null });
    expect(await callRoute(userBackpack, { body: {} })).toMatchObject({ status: 2 });
  });
});

describe('POST /api/live/ticket', () => {
  it('keeps HD locked for a viewer without a spent ticket, and offers the free rendition', async () => {
    const room = await callRoute<RoomInfo>(getRoomInfo, { credential: viewer.credential, body: { anchor_id: anchor.id } });
    expect(room.data.ticket).toEqual({ required: 1, cost: 1, granted: 0, ticket: 1 });
    expect(room.data.play.qualities).toEqual([
      { name: '1080p', rendition: 'src', hd: 1, locked: 1, flv: '', hls: '' },
      expect.objectContaining({ name: '480p', rendition: '480', hd: 0, locked: 0, flv: `http://localhost:8000/live/${live.stream}_480.flv` }),
    ]);
    expect(room.data.play.flv).toBe(`http://localhost:8000/live/${live.stream}_480.flv`);
    expect(room.data.play.hls).toBe(`/api/media/hls/${live.stream}/480/index.m3u8`);
    expectReplyShape(roomInfoReply, room.data);
  });

  it('refuses when the viewer has no ticket left, and spends nothing', async () => {
    const broke = await accountWithRole('1363');
    const reply = await callRoute(useTicket, { credential: broke.credential, body: { uid: broke.id, anchor_id: anchor.id } });
    expect(reply).toMatchObject({ status: 1, msg: 'You have no viewing tickets left.', data: { remaining: 0 } });
    const grants = await (await getDb()).select().from(ticketGrants).where(eq(ticketGrants.userId, broke.id));
    expect(grants).toEqual([]);
  });

  it('spends exactly one ticket when many requests arrive at once, and unlocks HD for that viewer', async () => {
    const db = await getDb();
    await grantTickets(db, { userId: viewer.id, count: 3, idempotencyKey: `test-viewer:${viewer.id}` });
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => callRoute<TicketReply>(useTicket, { credential: viewer.credential, body: { uid: viewer.id, anchor_id: anchor.id } })),
    );
    expect(replies.every((reply) => reply.status === 0)).toBe(true);
    expect(replies.filter((reply) => reply.data.spent === 1)).toHaveLength(1);
    expect(await tickets(viewer)).toBe(2);
    expect(replies.every((reply) => reply.data.remaining === 2)).toBe(true);

    const hd = replies[0].data.play.qualities.find((quality) => quality.hd === 1);
    expect(hd).toMatchObject({ locked: 0, flv: expect.stringMatching(new RegExp(`^http://localhost:8000/live/${live.stream}\\.flv\\?uid=${viewer.id}&sid=${viewerHd.sessionId}&exp=\\d+&token=[0-9a-f]{32}$`)) });
    // The HD address is the default once unlocked.
    expect(replies[0].data.play.flv).toBe(hd?.flv);
    for (const reply of replies) expectReplyShape(ticketReply, reply.data);

    // The ledger of the spend sums to zero and is written once.
    const entries = await db
      .select({ account: ledgerEntries.account, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(eq(ledgerTransactions.idempotencyKey, `ticket.spend:${viewer.id}:${live.id}`));
    expect(entries.sort((a, b) => a.amount - b.amount)).toEqual([
      { account: `user:${viewer.id}`, amount: -1 },
      { account: 'system:spent', amount: 1 },
    ]);
    const [sum] = await db.select({ total: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int` }).from(ledgerEntries).where(eq(ledgerEntries.asset, ticketAsset));
    expect(sum.total).toBe(0);

    const room = await callRoute<RoomInfo>(getRoomInfo, { credential: viewer.credential, body: { anchor_id: anchor.id } });
    expect(room.data.ticket.granted).toBe(1);
    expect(room.data.play.qualities[0]).toMatchObject({ rendition: 'src', locked: 0 });

    const history = await callRoute<TicketHistory>(ticketHistory, { credential: viewer.credential });
    expect(history.data.remaining).toBe(2);
    expect(history.data.list[0]).toMatchObject({ change: -1, reason: 'spend', anchor_id: anchor.id });
    expectReplyShape(ticketHistoryReply, history.data);
  });

  it('never lets the count go negative', async () => {
    const db = await getDb();
    await expect(db.update(ledgerBalances).set({ balance: -1 }).where(eq(ledgerBalances.account, `user:${viewer.id}`))).rejects.toThrow();
  });

  it.each([
    ['a room without ticketed HD', () => freeAnchor.id, 'This live has no high-definition ticket option.'],
    ['an anchor who is not live', () => viewer.id, 'The anchor has not started'],
  ])('refuses %s without spending', async (_case, anchorId, message) => {
    const before = await tickets(viewer);
    expect(await callRoute(useTicket, { credential: viewer.credential, body: { uid: viewer.id, anchor_id: anchorId() } })).toMatchObject({ status: 1, msg: message });
    expect(await tickets(viewer)).toBe(before);
  });

  it('refuses to spend another user’s tickets', async () => {
    const reply = await callRoute(useTicket, { credential: viewer.credential, body: { uid: anchor.id, anchor_id: anchor.id } });
    expect(reply).toMatchObject({ status: 1, msg: 'You can only use your own account here.' });
  });
});

describe('the media side refuses HD addresses that are not the viewer’s', () => {
  const form = (fields: Record<string, string>) =>
    callHook(new URLSearchParams({ call: 'play', app: 'live', addr: '203.0.113.9', clientid: '7', ...fields }).toString());

  async function callHook(body: string) {
    const response = await handlePlayHook(await getDb(), new Request('http://localhost:3000/api/media/hooks/play', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body }));
    return response.status;
  }

  it('lets anyone play the free renditions', async () => {
    expect(await form({ name: `${live.stream}_480` })).toBe(200);
  });

  it('plays HD for the viewer who spent the ticket, and for the anchor of the live', async () => {
    expect(await form({ name: live.stream, ...signHdPlay(live.stream, viewerHd) })).toBe(200);
    expect(await form({ name: live.stream, ...signHdPlay(live.stream, await hdViewerOf(anchor)) })).toBe(200);
  });

  it.each([
    ['unsigned', () => ({})],
    ['expired', () => signHdPlay(live.stream, viewerHd, Date.now() - (getEnv().MEDIA_HD_URL_TTL_SECONDS + 60) * 1000)],
    ['signed for another stream', () => signHdPlay(`${freeAnchor.id}-aaaaaaaaaa`, viewerHd)],
    ['with the viewer id changed', () => ({ ...signHdPlay(live.stream, viewerHd), uid: String(anchor.id) })],
    ['signed for a viewer who spent no ticket', () => signHdPlay(live.stream, freeAnchorHd)],
  ])('refuses an HD address %s (403)', async (_case, query) => {
    expect(await form({ name: live.stream, ...query() })).toBe(403);
  });

  it('refuses plays of a stream with no open live', async () => {
    expect(await form({ name: '1-zzzzzzzzzz' })).toBe(403);
  });

  it('serves HD HLS only with the signature, and carries it into the segment addresses', async () => {
    const dir = path.join(getEnv().dataDir, 'media', 'hls', live.stream, 'src');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'index.m3u8'), '#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\n1700000000.ts\n');
    fs.writeFileSync(path.join(dir, '1700000000.ts'), Buffer.alloc(188, 0x47));
    const get = (file: string, query: Record<string, string>) => {
      const url = `http://localhost:3000/api/media/hls/${live.stream}/src/${file}?${new URLSearchParams(query).toString()}`;
      return hlsFile(new NextRequest(url), { params: Promise.resolve({ stream: live.stream, rendition: 'src', file }) });
    };
    expect((await get('index.m3u8', {})).status).toBe(403);
    expect((await get('1700000000.ts', {})).status).toBe(403);
    const signed = signHdPlay(live.stream, viewerHd);
    const playlist = await get('index.m3u8', signed);
    expect(playlist.status).toBe(200);
    expect(playlist.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(await playlist.text()).toContain(`1700000000.ts?uid=${signed.uid}&sid=${signed.sid}&exp=${signed.exp}&token=${signed.token}`);
    const segment = await get('1700000000.ts', signed);
    expect(segment.status).toBe(200);
    expect(segment.headers.get('content-type')).toBe('video/mp2t');

    // A genuine signature is not enough: its viewer must hold this live's ticket…
    expect((await get('index.m3u8', signHdPlay(live.stream, freeAnchorHd))).status).toBe(403);
    // …and the sign-in session it was issued to must still be live: logging out ends the shared address.
    const leaver = await accountWithRole('1363');
    await grantTickets(await getDb(), { userId: leaver.id, count: 1, idempotencyKey: `test-leaver:${leaver.id}` });
    await callRoute(useTicket, { credential: leaver.credential, body: { uid: leaver.id, anchor_id: anchor.id } });
    const leaverSigned = signHdPlay(live.stream, await hdViewerOf(leaver));
    await callRoute(logout, { credential: leaver.credential });
    expect((await get('index.m3u8', leaverSigned)).status).toBe(403);
    expect((await get('1700000000.ts', leaverSigned)).status).toBe(403);
  });
});

describe('a live that ends', () => {
  it('takes its play addresses with it', async () => {
    const db = await getDb();
    const other = await accountWithRole('1363', 'anchor');
    const onAir = await openLiveOnAir(other, {});
    expect((await callRoute<RoomInfo>(getRoomInfo, { body: { anchor_id: other.id } })).data.play.flv).not.toBe('');
    await callRoute(endLive, { credential: other.credential });
    const room = await callRoute<RoomInfo>(getRoomInfo, { body: { anchor_id: other.id } });
    expect(room.data).toMatchObject({ live: null, live_status: 0, play: { flv: '', hls: '', qualities: [] } });
    const [row] = await db.select().from(lives).where(eq(lives.id, onAir.id));
    expect(row.status).toBe('ended');
  });
});
