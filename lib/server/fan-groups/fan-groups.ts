import 'server-only';
// An anchor's fan group (docs/fan-groups.md): one per anchor, keyed by the anchor's id, its room `fans:<anchor id>`.
// Viewers join and leave; members, the anchor and managers read its history 20 lines at a time and write text or an
// image (a retry with the same client id returns the first line). Every line is one row of spec §3's types, and
// every new or changed row is published to the group's room, where the open group pages put it in place by its id.
// The unread count of a group is the other people's lines after the last one the member read.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { queryRows, type Db } from '@/lib/db';
import { fanGroupMembers, fanGroupMessages, users, type User } from '@/lib/db/schema';
import { getBus } from '@/lib/realtime/bus';
import { findAdvertising, advertisingMessageKeys } from '@/lib/server/chat/advertising';
import { findKeyword } from '@/lib/validation/chat-keywords';
import { violationMessageKeys } from '@/lib/server/chat/rules';
import { activeBanEnd } from '@/lib/server/chat/bans';
import { getChatLimits } from '@/lib/server/chat/config';
import { banUser, canModerate, unbanUser } from '@/lib/server/chat/moderation';
import { newMessageId, publishRoomMessage } from '@/lib/server/chat/publish';
import { fanCount } from '@/lib/server/follows/follows';
import { AppError } from '@/lib/server/http/errors';
import { createRateLimiter, takeAll } from '@/lib/server/rate-limit';
import { chatImageUrl, isOwnChatImage } from '@/lib/server/storage';
import {
  fanGroupRoomKey,
  groupMessageTypes,
  groupRecallWindowMs,
  rejoinAfterKickMs,
  type AnchorGroupProfile,
  type GroupChatList,
  type GroupHistory,
  type GroupInfo,
  type GroupMessage,
  type GroupBanInput,
} from '@/lib/validation/fan-groups';

export type GroupActor = Pick<User, 'id' | 'role'>;

/** A row with its sender's and subject's names, as the history query reads it. */
type LineRow = {
  id: string | number;
  anchor_id: string | number;
  sender_id: string | number;
  type: number;
  content: string;
  image_url: string;
  created_at: Date | string;
  nick_name: string;
  avatar: string;
  subject_id: string | number | null;
  subject_name: string | null;
  subject_avatar: string | null;
};

const lineColumns = sql`m.id, m.anchor_id, m.sender_id, m.type, m.content, m.image_url, m.created_at, s.nick_name, s.avatar,
  m.subject_id, t.nick_name AS subject_name, t.avatar AS subject_avatar`;
const lineJoins = sql`JOIN users s ON s.id = m.sender_id LEFT JOIN users t ON t.id = m.subject_id`;

const isNotice = (type: number) => type !== groupMessageTypes.text && type !== groupMessageTypes.image;
const isGone = (type: number) => type === groupMessageTypes.recalled || type === groupMessageTypes.deleted;

function toLine(row: LineRow, viewerId: number): GroupMessage {
  const id = Number(row.id);
  const type = Number(row.type);
  return {
    id,
    seq: id,
    group_id: fanGroupRoomKey(Number(row.anchor_id)),
    type,
    uid: Number(row.sender_id),
    nick_name: row.nick_name,
    avatar: row.avatar,
    content: isGone(type) ? '' : row.content,
    img_url: isGone(type) ? '' : chatImageUrl(row.image_url),
    send_time: new Date(row.created_at).getTime(),
    chatType: isNotice(type) ? 3 : Number(row.sender_id) === viewerId ? 1 : 2,
    subject: row.subject_id === null ? null : { id: Number(row.subject_id), nick_name: row.subject_name ?? '', avatar: row.subject_avatar ?? '' },
  };
}

async function readLine(db: Db, id: number): Promise<LineRow> {
  const [row] = await queryRows<LineRow>(db, sql`SELECT ${lineColumns} FROM fan_group_messages m ${lineJoins} WHERE m.id = ${id}`);
  if (!row) throw new AppError('inbox.validation.badMessage');
  return row;
}

/** Publishes a new or changed line to the group's room; the sender's `chatType` is set by each page. */
async function publishLine(db: Db, id: number): Promise<GroupMessage> {
  const line = toLine(await readLine(db, id), 0);
  await publishRoomMessage(getBus(), { type: 'groupMessage', groupId: line.group_id, id: newMessageId(), line, send_time: Date.now() });
  return line;
}

async function findAnchor(db: Db, anchorId: number): Promise<User> {
  const [anchor] = await db.select().from(users).where(and(eq(users.id, anchorId), eq(users.role, 'anchor')));
  if (!anchor) throw new AppError('inbox.groups.errors.noSuchGroup');
  return anchor;
}

async function findMember(db: Db, anchorId: number, userId: number) {
  const [member] = await db.select().from(fanGroupMembers).where(and(eq(fanGroupMembers.anchorId, anchorId), eq(fanGroupMembers.userId, userId)));
  return member;
}

/** The gateway's admission to `fans:<anchor id>` (server.ts hands it to the chat app). */
export async function isFanGroupMember(db: Db, anchorId: number, userId: number): Promise<boolean> {
  const member = await findMember(db, anchorId, userId);
  return Boolean(member && !member.kickedAt);
}

const moderates = (db: Db, actor: GroupActor, anchorId: number) => canModerate(db, actor, { kind: 'fans', key: fanGroupRoomKey(anchorId), id: anchorId });

/** Members, the anchor and managers may read and write. */
async function assertInGroup(db: Db, actor: GroupActor, anchorId: number): Promise<void> {
  await findAnchor(db, anchorId);
  if (await moderates(db, actor, anchorId)) return;
  const member = await findMember(db, anchorId, actor.id);
  if (!member || member.kickedAt) throw new AppError('inbox.groups.errors.notMember');
}

async function memberCount(db: Db, anchorId: number): Promise<number> {
  const [row] = await queryRows<{ count: string | number }>(db, sql`SELECT count(*) AS count FROM fan_group_members WHERE anchor_id = ${anchorId} AND kicked_at IS NULL AND user_id <> ${anchorId}`);
  return Number(row?.count ?? 0) + 1;
}

async function describeGroup(db: Db, anchor: User, actor: GroupActor | undefined): Promise<GroupInfo> {
  const member = actor ? actor.id === anchor.id || (await isFanGroupMember(db, anchor.id, actor.id)) : false;
  const banEnd = actor ? await activeBanEnd(db, fanGroupRoomKey(anchor.id), actor.id) : undefined;
  return {
    group_id: fanGroupRoomKey(anchor.id),
    fans_group_id: anchor.id,
    name: anchor.nickName,
    anchor: { id: anchor.id, nick_name: anchor.nickName, avatar: anchor.avatar },
    member_count: await memberCount(db, anchor.id),
    is_member: member ? 1 : 0,
    can_moderate: actor && (await moderates(db, actor, anchor.id)) ? 1 : 0,
    ...(banEnd === undefined ? {} : { banned_until: banEnd }),
  };
}

/** Spec §7 getAnchorProfile: the anchor's group, their card and whether the caller is in it. */
export async function anchorGroupProfile(db: Db, actor: GroupActor | undefined, anchorId: number): Promise<AnchorGroupProfile> {
  const anchor = await findAnchor(db, anchorId);
  const group = await describeGroup(db, anchor, actor);
  return { groups: [group], anchor_profile: { id: anchor.id, nick_name: anchor.nickName, avatar: anchor.avatar, fans: await fanCount(db, anchor.id) }, is_attend: group.is_member };
}

export async function fanGroupInfo(db: Db, actor: GroupActor, anchorId: number): Promise<GroupInfo> {
  return describeGroup(db, await findAnchor(db, anchorId), actor);
}

/** Spec §7 addToGroupChat: joins (once; a "joined" line tells the group). A kicked member waits a day. */
export async function joinFanGroup(db: Db, actor: GroupActor, anchorId: number): Promise<GroupInfo> {
  const userId = actor.id;
  const anchor = await findAnchor(db, anchorId);
  if (userId !== anchorId) {
    const earlier = await findMember(db, anchorId, userId);
    if (earlier?.kickedAt && Date.now() - earlier.kickedAt.getTime() < rejoinAfterKickMs) {
      throw new AppError('inbox.groups.errors.kickedRecently', { hours: Math.ceil((rejoinAfterKickMs - (Date.now() - earlier.kickedAt.getTime())) / 3_600_000) });
    }
    if (!earlier || earlier.kickedAt) {
      // New members start with nothing unread: the history is there to scroll, not to count.
      const joinedId = await db.transaction(async (tx) => {
        const [latest] = await queryRows<{ id: string | number | null }>(tx, sql`SELECT max(id) AS id FROM fan_group_messages WHERE anchor_id = ${anchorId}`);
        const [joined] = await tx
          .insert(fanGroupMembers)
          .values({ anchorId, userId, lastReadId: Number(latest?.id ?? 0) })
          .onConflictDoUpdate({
            target: [fanGroupMembers.anchorId, fanGroupMembers.userId],
            set: { kickedAt: null, joinedAt: sql`now()`, lastReadId: Number(latest?.id ?? 0) },
            setWhere: sql`${fanGroupMembers.kickedAt} IS NOT NULL`,
          })
          .returning();
        if (!joined) return undefined; // a parallel join of the same user came first
        const [line] = await tx.insert(fanGroupMessages).values({ anchorId, senderId: userId, subjectId: userId, type: groupMessageTypes.joined }).returning({ id: fanGroupMessages.id });
        return line.id;
      });
      if (joinedId !== undefined) await publishLine(db, joinedId);
    }
  }
  return describeGroup(db, anchor, actor);
}

export async function leaveFanGroup(db: Db, userId: number, anchorId: number): Promise<void> {
  await findAnchor(db, anchorId);
  if (userId === anchorId) throw new AppError('inbox.groups.errors.ownerStays');
  await db.delete(fanGroupMembers).where(and(eq(fanGroupMembers.anchorId, anchorId), eq(fanGroupMembers.userId, userId), isNull(fanGroupMembers.kickedAt)));
}

/** Spec §7 getHistory: one page of the group's lines, newest first. */
export async function readGroupHistory(db: Db, actor: GroupActor, anchorId: number, page: number, size: number): Promise<GroupHistory> {
  await assertInGroup(db, actor, anchorId);
  const rows = await queryRows<LineRow>(db, sql`
    SELECT ${lineColumns} FROM fan_group_messages m ${lineJoins}
    WHERE m.anchor_id = ${anchorId} ORDER BY m.id DESC LIMIT ${size + 1} OFFSET ${(page - 1) * size}`);
  return { list: rows.slice(0, size).map((row) => toLine(row, actor.id)), no_more: rows.length <= size };
}

/** Spec §7 read: the member has read the group up to its newest line. */
export async function markGroupRead(db: Db, actor: GroupActor, anchorId: number): Promise<void> {
  await assertInGroup(db, actor, anchorId);
  // The anchor's own row (how far they read their group) is made by their first read.
  await db.execute(sql`
    INSERT INTO fan_group_members (anchor_id, user_id, last_read_id)
    SELECT ${anchorId}, ${actor.id}, coalesce(max(id), 0) FROM fan_group_messages WHERE anchor_id = ${anchorId}
    ON CONFLICT (anchor_id, user_id) DO UPDATE SET last_read_id = greatest(fan_group_members.last_read_id, excluded.last_read_id)
    WHERE fan_group_members.kicked_at IS NULL`);
}

/** Spec §7 getChatList: the groups the caller is in (an anchor's own first), each with its newest line and unread count. */
export async function listGroupChats(db: Db, actor: GroupActor): Promise<GroupChatList> {
  if (actor.role === 'anchor') await db.insert(fanGroupMembers).values({ anchorId: actor.id, userId: actor.id }).onConflictDoNothing();
  const rows = await queryRows<{ anchor_id: string | number; nick_name: string; avatar: string; unread: string | number; last_id: string | number | null }>(db, sql`
    SELECT g.anchor_id, a.nick_name, a.avatar,
           (SELECT count(*) FROM fan_group_messages m
             WHERE m.anchor_id = g.anchor_id AND m.id > g.last_read_id AND m.sender_id <> ${actor.id} AND m.type IN (${groupMessageTypes.text}, ${groupMessageTypes.image})) AS unread,
           (SELECT max(id) FROM fan_group_messages m WHERE m.anchor_id = g.anchor_id) AS last_id
    FROM fan_group_members g JOIN users a ON a.id = g.anchor_id AND a.role = 'anchor'
    WHERE g.user_id = ${actor.id} AND g.kicked_at IS NULL
    ORDER BY (g.anchor_id = ${actor.id}) DESC, last_id DESC NULLS LAST`);
  const lastIds = rows.flatMap((row) => (row.last_id === null ? [] : [Number(row.last_id)]));
  const lasts = lastIds.length === 0 ? [] : await queryRows<LineRow>(db, sql`SELECT ${lineColumns} FROM fan_group_messages m ${lineJoins} WHERE m.id IN (${sql.join(lastIds, sql`, `)})`);
  const lastByGroup = new Map(lasts.map((row) => [Number(row.anchor_id), toLine(row, actor.id)]));
  return {
    chat_list: rows.map((row) => {
      const anchorId = Number(row.anchor_id);
      return { anchor_id: anchorId, group_id: fanGroupRoomKey(anchorId), fans_group_id: anchorId, name: row.nick_name, avatar: row.avatar, unread_num: Number(row.unread), last: lastByGroup.get(anchorId) ?? null };
    }),
  };
}

// A person types a few lines a minute; a script sends hundreds.
const sendLimit = { points: 20, durationSeconds: 60 };
let sendLimiter: ReturnType<typeof createRateLimiter> | undefined;
const groupSendLimiter = () => (sendLimiter ??= createRateLimiter('rl:groupSend', sendLimit));

export type GroupSendRequest = { sender: GroupActor; brandId: string; anchorId: number; content: string; imageUrl: string; clientId: string };

/** A text or image line from a member; the group's chat rules (bans, advertising, pace) as in a live room. */
export async function sendGroupMessage(db: Db, request: GroupSendRequest): Promise<GroupMessage> {
  const { sender, anchorId } = request;
  const [earlier] = await db.select().from(fanGroupMessages).where(and(eq(fanGroupMessages.senderId, sender.id), eq(fanGroupMessages.clientId, request.clientId)));
  if (earlier) {
    if (earlier.anchorId !== anchorId || earlier.content !== request.content || earlier.imageUrl !== request.imageUrl) throw new AppError('inbox.errors.clientIdReused');
    return toLine(await readLine(db, earlier.id), sender.id);
  }
  await assertInGroup(db, sender, anchorId);
  const banEnd = await activeBanEnd(db, fanGroupRoomKey(anchorId), sender.id);
  if (banEnd !== undefined) throw new AppError(banEnd === 0 ? 'chat.restrictions.bannedForever' : 'inbox.groups.errors.banned');
  if (request.imageUrl !== '' && !isOwnChatImage(sender.id, request.imageUrl)) throw new AppError('inbox.validation.badImage');
  // The anchor and managers keep their group in order; the limits are for members. The brand's blocked words hold for all.
  const exempt = await moderates(db, sender, anchorId);
  if (request.content !== '') {
    const limits = await getChatLimits(db, request.brandId);
    const finding = exempt ? undefined : findAdvertising(request.content, { allowedLinkHosts: limits.allowedLinkHosts, contacts: limits.contacts });
    if (finding) throw new AppError(advertisingMessageKeys[finding.kind]);
    if (findKeyword(request.content, limits.keywords) !== undefined) throw new AppError(violationMessageKeys.keyword);
  }
  const over = exempt ? undefined : await takeAll([{ limiter: groupSendLimiter(), key: String(sender.id) }]);
  if (over) throw new AppError('inbox.errors.tooFast', { seconds: Math.max(1, Math.ceil(over.waitMs / 1000)) });
  const type = request.imageUrl === '' ? groupMessageTypes.text : groupMessageTypes.image;
  const [row] = await db
    .insert(fanGroupMessages)
    .values({ anchorId, senderId: sender.id, type, content: request.content, imageUrl: request.imageUrl, clientId: request.clientId })
    .onConflictDoNothing()
    .returning({ id: fanGroupMessages.id });
  // Two tabs sent the same client id at once: the other insert won; answer with it.
  if (!row) return sendGroupMessage(db, request);
  const line = await publishLine(db, row.id);
  return { ...line, chatType: 1 };
}

/** Changes a text or image line into a recalled or deleted one, once; false when it already was. */
async function retire(db: Db, id: number, type: typeof groupMessageTypes.recalled | typeof groupMessageTypes.deleted, actorId: number, within?: number): Promise<boolean> {
  const rows = await queryRows<{ id: string | number }>(db, sql`
    UPDATE fan_group_messages SET type = ${type}, actor_id = ${actorId}
    WHERE id = ${id} AND type IN (${groupMessageTypes.text}, ${groupMessageTypes.image})
      ${within === undefined ? sql`` : sql`AND created_at > now() - ${`${within} milliseconds`}::interval`}
    RETURNING id`);
  return rows.length > 0;
}

/** The sender takes back a line within two minutes (spec §8: "X recalled a message"). */
export async function recallGroupMessage(db: Db, senderId: number, messageId: number): Promise<void> {
  const [row] = await db.select().from(fanGroupMessages).where(eq(fanGroupMessages.id, messageId));
  if (!row || row.senderId !== senderId || (isNotice(row.type) && !isGone(row.type))) throw new AppError('inbox.errors.notYourMessage');
  if (isGone(row.type)) return;
  if (!(await retire(db, messageId, groupMessageTypes.recalled, senderId, groupRecallWindowMs))) throw new AppError('inbox.errors.recallTooLate');
  await publishLine(db, messageId);
}

/** The anchor or a manager removes a line. */
export async function deleteGroupMessage(db: Db, actor: GroupActor, messageId: number): Promise<void> {
  const [row] = await db.select().from(fanGroupMessages).where(eq(fanGroupMessages.id, messageId));
  if (!row) throw new AppError('inbox.validation.badMessage');
  if (!(await moderates(db, actor, row.anchorId))) throw new AppError('inbox.groups.errors.notModerator');
  if (isNotice(row.type)) return;
  if (await retire(db, messageId, groupMessageTypes.deleted, actor.id)) await publishLine(db, messageId);
}

/** A notice about `subjectId` by `actor` (kicked, banned, unbanned), told to the group. */
async function postGroupNotice(db: Db, anchorId: number, actorId: number, subjectId: number, type: typeof groupMessageTypes.kicked | typeof groupMessageTypes.banned | typeof groupMessageTypes.unbanned): Promise<void> {
  const [line] = await db.insert(fanGroupMessages).values({ anchorId, senderId: actorId, actorId, subjectId, type }).returning({ id: fanGroupMessages.id });
  await publishLine(db, line.id);
}

/** The anchor or a manager removes a member; they may join again a day later. */
export async function kickMember(db: Db, actor: GroupActor, anchorId: number, userId: number): Promise<void> {
  await findAnchor(db, anchorId);
  if (!(await moderates(db, actor, anchorId))) throw new AppError('inbox.groups.errors.notModerator');
  const [target] = await db.select().from(users).where(eq(users.id, userId));
  if (!target || userId === anchorId || userId === actor.id || (await moderates(db, target, anchorId))) throw new AppError('inbox.groups.errors.cannotKick');
  const kicked = await db
    .update(fanGroupMembers)
    .set({ kickedAt: new Date() })
    .where(and(eq(fanGroupMembers.anchorId, anchorId), eq(fanGroupMembers.userId, userId), isNull(fanGroupMembers.kickedAt)))
    .returning();
  if (kicked.length === 0) throw new AppError('inbox.groups.errors.notAMember');
  await postGroupNotice(db, anchorId, actor.id, userId, groupMessageTypes.kicked);
}

/** A ban in the group (the live room's rules and record, lib/server/chat/moderation), and its notice (spec §3 type 5). */
export async function banMember(db: Db, actor: GroupActor, input: GroupBanInput): Promise<void> {
  await findAnchor(db, input.group_id);
  await banUser(db, getBus(), actor, { groupId: fanGroupRoomKey(input.group_id), user_id: input.user_id, unit: input.unit, duration: input.duration, reason: input.reason });
  await postGroupNotice(db, input.group_id, actor.id, input.user_id, groupMessageTypes.banned);
}

export async function unbanMember(db: Db, actor: GroupActor, anchorId: number, userId: number): Promise<void> {
  await findAnchor(db, anchorId);
  await unbanUser(db, getBus(), actor, { groupId: fanGroupRoomKey(anchorId), user_id: userId });
  await postGroupNotice(db, anchorId, actor.id, userId, groupMessageTypes.unbanned);
}
