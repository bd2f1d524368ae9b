// Which Tencent group mirrors which of our rooms: a live room `live:<anchor id>` is the AVChatRoom `live_<anchor id>`
// (Tencent's group ids take letters, digits, `_` and `-`). Only live rooms are mirrored; fan groups, private
// conversations and match rooms stay on the built-in gateway.
import { liveRoomKey, parseRoomKey, type ParsedRoom } from '@/lib/validation/chat';

export function tencentGroupId(room: string): string | undefined {
  const parsed = parseRoomKey(room);
  return parsed?.kind === 'live' ? `live_${parsed.id}` : undefined;
}

export function roomOfTencentGroup(groupId: string): ParsedRoom | undefined {
  const match = /^live_([1-9]\d{0,14})$/.exec(groupId);
  return match ? parseRoomKey(liveRoomKey(Number(match[1]))) : undefined;
}
