import { defineHandler } from '@/lib/server/http/handler';
import { sendPrivateMessage } from '@/lib/server/inbox/private-chat';
import { privateSendInput } from '@/lib/validation/inbox';

/** A private message to `anchor_id` (text, an uploaded image, or both); `client_id` makes a retry safe. */
export const POST = defineHandler({ auth: 'user', input: privateSendInput }, ({ db, input, user }) =>
  sendPrivateMessage(db, { senderId: user.id, peerId: input.anchor_id, content: input.content, imageUrl: input.img_url, clientId: input.client_id }),
);
