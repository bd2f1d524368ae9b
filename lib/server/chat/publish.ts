import 'server-only';
// How any part of the server puts a message in front of viewers: into a room (numbered and logged, or
// ephemeral), to one account (every connection of it), or to the gateways themselves (chat control notices).
// Gifts, quizzes, follows and private chat use these when their issues land; chat and moderation already do.
// A live room's messages also go to its Tencent group when a Tencent app is configured (docs/im.md).
import crypto from 'node:crypto';
import { encodeUserBatch, roomChannel, userBatchChannel, userBatchSize, userChannel, type Bus, type RoomEntry } from '@/lib/realtime/bus';
import type { RoomMessage, UserMessage } from '@/lib/realtime/protocol';
import { relayToTencent } from './tencent/relay';

/** Short random ids for messages and events: unique enough for a room, cheap to send a million times. */
export function newMessageId(): string {
  return crypto.randomBytes(9).toString('base64url');
}

/** `type` first: the gateway reads it from the start of a logged frame without decoding the rest. */
function encode(message: RoomMessage): string {
  const { type, seq: _seq, ...rest } = message;
  return JSON.stringify({ type, ...rest });
}

/**
 * Numbers, logs and publishes a room message; the returned frame is what every viewer receives. A message that
 * came from the Tencent group itself (its after-send callback) is only logged and published here, not sent back.
 */
export async function publishRoomMessage(bus: Bus, message: RoomMessage, origin: 'server' | 'tencent' = 'server'): Promise<RoomEntry & { epoch: string }> {
  const entry = await bus.append(message.groupId, encode(message));
  if (origin === 'server') relayToTencent(message.groupId, message.type, entry.frame);
  return entry;
}

/** A message worth showing now but not worth replaying (welcome lines): published without a number. */
export async function publishEphemeral(bus: Bus, message: RoomMessage): Promise<void> {
  const frame = encode(message);
  await bus.publish(roomChannel(message.groupId), frame);
  relayToTencent(message.groupId, message.type, frame, true);
}

export async function publishUserMessage(bus: Bus, userId: number, message: UserMessage): Promise<void> {
  await bus.publish(userChannel(userId), JSON.stringify(message));
}

/**
 * One message to many accounts (every follower of an anchor): one publish per `userBatchSize` of them on the batch
 * channel, which every gateway hands to the accounts it holds, instead of a publish per account. The message is
 * encoded once. Returns the number of publishes.
 */
export async function publishUserBatch(bus: Bus, userIds: readonly number[], message: UserMessage): Promise<number> {
  const frame = JSON.stringify(message);
  let publishes = 0;
  for (let start = 0; start < userIds.length; start += userBatchSize) {
    await bus.publish(userBatchChannel, encodeUserBatch(userIds.slice(start, start + userBatchSize), frame));
    publishes += 1;
  }
  return publishes;
}

/** Notices between processes: a room's bans changed (gateways forget their cache, an unban clears counters). */
export const chatControlChannel = 'chat:control';
export type ChatControl = { kind: 'bans'; room: string; unbanned?: number } | { kind: 'config' } | { kind: 'managers'; anchor: number };

export async function publishChatControl(bus: Bus, control: ChatControl): Promise<void> {
  await bus.publish(chatControlChannel, JSON.stringify(control));
}
