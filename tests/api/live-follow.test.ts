// Following anchors (spec §4 follow, §5 "cannot follow yourself", §7 attentAnchor): a toggle with data.type,
// login required, only anchors, never yourself; the followed list and the anchor page count it.
import { POST as attentAnchor } from '@/app/api/anchor/attentAnchor/route';
import { GET as getAnchorInfoGet } from '@/app/api/anchor/getAnchorInfo/route';
import { POST as getFollowList } from '@/app/api/anchor/getFollowList/route';
import { POST as getRoomInfo } from '@/app/api/live/getRoomInfo/route';
import { getDb } from '@/lib/db';
import { getBus } from '@/lib/realtime/bus';
import { liveRoomKey } from '@/lib/validation/chat';
import { anchorInfoReply, followListReply, toggleFollowReply, type AnchorInfo, type FollowedAnchor, type RoomInfo } from '@/lib/validation/live';
import { callRoute } from '@/tests/support/call-route';
import { expectReplyShape } from '@/tests/support/reply-shape';
import { accountWithRole, type Account } from './live-helpers';

beforeAll(() => getDb(), 60_000);

let anchor: Account;
let fan: Account;

beforeAll(async () => {
  anchor = await accountWithRole('1365', 'anchor');
  fan = await accountWithRole('1365');
}, 60_000);

describe('POST /api/anchor/attentAnchor', () => {
  it('follows (type 1), then unfollows (type 0), counting fans', async () => {
    const followed = await callRoute<{ type: number; fans: number }>(attentAnchor, { credential: fan.credential, body: { anchorid: anchor.id } });
    expect(followed).toMatchObject({ status: 0, data: { type: 1, fans: 1 } });
    expectReplyShape(toggleFollowReply, followed.data);
    const room = await callRoute<RoomInfo>(getRoomInfo, { credential: fan.credential, body: { anchor_id: anchor.id } });
    expect(room.data.anchor).toMatchObject({ fans: 1, is_followed: 1 });
    const list = await callRoute<{ list: FollowedAnchor[] }>(getFollowList, { credential: fan.credential });
    expect(list.data.list).toEqual([expect.objectContaining({ anchor_id: anchor.id, is_live: 0 })]);
    expectReplyShape(followListReply, list.data);

    const unfollowed = await callRoute<{ type: number; fans: number }>(attentAnchor, { credential: fan.credential, body: { anchorid: anchor.id } });
    expect(unfollowed).toMatchObject({ status: 0, data: { type: 0, fans: 0 } });
    expect((await callRoute<{ list: FollowedAnchor[] }>(getFollowList, { credential: fan.credential })).data.list).toEqual([]);
  });

  it('tells the room that someone followed (attentAnchor message)', async () => {
    const other = await accountWithRole('1365');
    await callRoute(attentAnchor, { credential: other.credential, body: { anchorid: anchor.id } });
    const [entry] = await getBus().readBefore(liveRoomKey(anchor.id), undefined, 1);
    expect(JSON.parse(entry.frame)).toMatchObject({ type: 'attentAnchor', user_id: other.id, anchor_id: anchor.id });
  });

  it('refuses following yourself, in both languages', async () => {
    expect(await callRoute(attentAnchor, { credential: anchor.credential, body: { anchorid: anchor.id } })).toMatchObject({ status: 1, msg: 'You cannot follow yourself' });
    expect(await callRoute(attentAnchor, { credential: anchor.credential, headers: { lang: 'zh_cn' }, body: { anchorid: anchor.id } })).toMatchObject({ msg: '不能关注自己' });
  });

  it('refuses following someone who is not an anchor, or nobody', async () => {
    const plain = await accountWithRole('1365');
    expect(await callRoute(attentAnchor, { credential: fan.credential, body: { anchorid: plain.id } })).toMatchObject({ status: 1, msg: 'Only anchors can be followed.' });
    expect(await callRoute(attentAnchor, { credential: fan.credential, body: { anchorid: 999999999 } })).toMatchObject({ status: 1, msg: 'Only anchors can be followed.' });
    expect(await callRoute(attentAnchor, { credential: fan.credential, body: {} })).toMatchObject({ status: 1, msg: 'Please choose an anchor' });
  });

  it('needs a login (status 2 opens the login dialog)', async () => {
    expect(await callRoute(attentAnchor, { body: { anchorid: anchor.id } })).toMatchObject({ status: 2 });
  });
});

describe('GET /api/anchor/getAnchorInfo', () => {
  it('shows the anchor, their fans and whether the viewer follows them', async () => {
    const viewer = await accountWithRole('1365');
    await callRoute(attentAnchor, { credential: viewer.credential, body: { anchorid: anchor.id } });
    const reply = await callRoute<AnchorInfo>(getAnchorInfoGet, { method: 'GET', credential: viewer.credential, path: `/api/anchor/getAnchorInfo?anchor_id=${anchor.id}` });
    expect(reply.data).toMatchObject({ id: anchor.id, is_followed: 1, is_live: 0, live_status: 0, replays: 0 });
    expect(reply.data.fans).toBeGreaterThanOrEqual(1);
    expectReplyShape(anchorInfoReply, reply.data);
    const visitor = await callRoute<AnchorInfo>(getAnchorInfoGet, { method: 'GET', path: `/api/anchor/getAnchorInfo?anchor_id=${anchor.id}` });
    expect(visitor.data.is_followed).toBe(0);
  });

  it('knows no anchor behind a viewer’s id', async () => {
    expect(await callRoute(getAnchorInfoGet, { method: 'GET', path: `/api/anchor/getAnchorInfo?anchor_id=${fan.id}` })).toMatchObject({ status: 1, msg: 'This anchor does not exist.' });
  });
});
