import 'server-only';
// A room's announcement (spec §3): content and contact lines, kept per room, shown under the player and
// pushed to the viewers when the anchor or a manager changes it.
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { chatAnnouncements, chatModerationLog } from '@/lib/db/schema';
import type { Bus } from '@/lib/realtime/bus';
import type { AnnouncementMessage } from '@/lib/realtime/protocol';
import { AppError, ForbiddenError } from '@/lib/server/http/errors';
import { parseRoomKey, type SetAnnouncementInput } from '@/lib/validation/chat';
import { canModerate, type Moderator } from './moderation';
import { newMessageId, publishRoomMessage } from './publish';

function toMessage(room: string, row: { content: string; contact: AnnouncementMessage['contact']; updatedAt: Date }): AnnouncementMessage {
  const parsed = parseRoomKey(room);
  return {
    type: 'announcement',
    groupId: room,
    id: newMessageId(),
    room_id: parsed && 'id' in parsed ? parsed.id : 0,
    content: row.content,
    contact: row.contact,
    send_time: row.updatedAt.getTime(),
  };
}

// Every viewer joining a room reads it: a short cache spares the database a stampede after a reconnect wave.
// Changes reach viewers at once anyway, as an `announcement` room message.
const cacheMs = 10_000;
const cache = new Map<string, { at: number; message: AnnouncementMessage | null }>();

export async function getAnnouncement(db: Db, room: string): Promise<AnnouncementMessage | null> {
  const cached = cache.get(room);
  if (cached && Date.now() - cached.at < cacheMs) return cached.message;
  const [row] = await db.select().from(chatAnnouncements).where(eq(chatAnnouncements.roomKey, room)).limit(1);
  const message = row && (row.content || row.contact.length > 0) ? toMessage(room, row) : null;
  cache.set(room, { at: Date.now(), message });
  if (cache.size > 10_000) cache.delete(cache.keys().next().value ?? room);
  return message;
}

export async function setAnnouncement(db: Db, bus: Bus, actor: Moderator, input: SetAnnouncementInput): Promise<AnnouncementMessage> {
  const room = parseRoomKey(input.groupId);
  if (!room || room.kind !== 'live') throw new AppError('chat.moderation.notModerated');
  if (!(await canModerate(db, actor, room))) throw new ForbiddenError();
  const updatedAt = new Date();
  await db.transaction(async (tx) => {
    await tx
      .insert(chatAnnouncements)
      .values({ roomKey: room.key, content: input.content, contact: input.contact, updatedBy: actor.id, updatedAt })
      .onConflictDoUpdate({ target: chatAnnouncements.roomKey, set: { content: input.content, contact: input.contact, updatedBy: actor.id, updatedAt } });
    await tx.insert(chatModerationLog).values({ roomKey: room.key, action: 'announce', actorId: actor.id, details: { content: input.content } });
  });
  const message = toMessage(room.key, { content: input.content, contact: input.contact, updatedAt });
  cache.set(room.key, { at: Date.now(), message: input.content || input.contact.length > 0 ? message : null });
  await publishRoomMessage(bus, message);
  return message;
}
