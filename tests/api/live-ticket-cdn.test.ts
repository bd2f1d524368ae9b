// HD behind a signing CDN (issue 25, docs/live.md "CDN signing"): a viewer who spent a ticket is given the CDN's
// signed address for the source rendition; a viewer without one gets no HD address, and free renditions stay
// unsigned.
import crypto from 'node:crypto';
import { POST as getRoomInfo } from '@/app/api/live/getRoomInfo/route';
import { POST as useTicket } from '@/app/api/live/ticket/route';
import { POST as startLive } from '@/app/webapi/live/startLive/route';
import { getDb } from '@/lib/db';
import { getEnv } from '@/lib/env';
import { markStreamLive } from '@/lib/server/live-state/state';
import { grantTickets } from '@/lib/server/tickets/ledger';
import type { RoomInfo, StartedLive, TicketReply } from '@/lib/validation/live';
import { callRoute } from '@/tests/support/call-route';
import { accountWithRole, startLivePayload } from './live-helpers';

// Read at the first getEnv(), which no import makes at load time.
const cdnKey = 'cdn-key-set-in-the-tencent-console';
Object.assign(process.env, {
  MEDIA_SERVER: 'external',
  MEDIA_PUSH_URL_TEMPLATE: 'rtmp://push.example.com/live/{stream}?key={key}',
  MEDIA_FLV_URL_TEMPLATE: 'https://play.example.com/live/{stream}.flv',
  MEDIA_HLS_URL_TEMPLATE: 'https://play.example.com/live/{stream}.m3u8',
  MEDIA_HOOK_SECRET: 'hook-secret-that-is-long-enough-0123456789',
  MEDIA_CDN_SIGNING: 'tencent',
  MEDIA_CDN_KEY: cdnKey,
});

const md5 = (text: string) => crypto.createHash('md5').update(text).digest('hex');

it('signs the ticket holder\'s HD address for the CDN, valid as long as our own HD addresses', async () => {
  const anchor = await accountWithRole('1363', 'anchor');
  const holder = await accountWithRole('1363');
  const other = await accountWithRole('1363');
  const started = await callRoute<StartedLive>(startLive, { credential: anchor.credential, body: startLivePayload({ ticket_toogle: 1, ticket: 1 }) });
  expect(started.status).toBe(0);
  const live = await markStreamLive(await getDb(), started.data.live_id, { renditions: ['src', '480'], sourceHeight: 1080, hls: true });
  await grantTickets(await getDb(), { userId: holder.id, count: 1, idempotencyKey: `cdn-test:${holder.id}` });

  const before = Math.floor(Date.now() / 1000);
  const spent = await callRoute<TicketReply>(useTicket, { credential: holder.credential, body: { uid: holder.id, anchor_id: anchor.id } });
  expect(spent.status).toBe(0);
  const hd = spent.data.play.qualities.find((quality) => quality.hd === 1)!;
  expect(hd.locked).toBe(0);
  for (const url of [hd.flv, hd.hls]) {
    const parsed = new URL(url);
    expect(parsed.origin + parsed.pathname).toMatch(new RegExp(`^https://play\\.example\\.com/live/${live!.stream}\\.(flv|m3u8)$`));
    const txTime = parsed.searchParams.get('txTime')!;
    const expiresAt = parseInt(txTime, 16);
    expect(expiresAt).toBeGreaterThanOrEqual(before + getEnv().MEDIA_HD_URL_TTL_SECONDS);
    expect(expiresAt).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + getEnv().MEDIA_HD_URL_TTL_SECONDS);
    expect(parsed.searchParams.get('txSecret')).toBe(md5(`${cdnKey}${live!.stream}${txTime}`));
    // Our own viewer token means nothing to the edge and is not handed out.
    expect(parsed.searchParams.has('token')).toBe(false);
  }
  expect(spent.data.play.qualities.find((quality) => quality.rendition === '480')?.flv).toBe(`https://play.example.com/live/${live!.stream}_480.flv`);

  const room = await callRoute<RoomInfo>(getRoomInfo, { credential: other.credential, body: { anchor_id: anchor.id } });
  expect(room.data.play.qualities.find((quality) => quality.hd === 1)).toMatchObject({ locked: 1, flv: '', hls: '' });
}, 60_000);
