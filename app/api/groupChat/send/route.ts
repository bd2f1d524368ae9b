import { defineHandler } from '@/lib/server/http/handler';
import { sendGroupMessage } from '@/lib/server/fan-groups/fan-groups';
import { groupSendInput } from '@/lib/validation/fan-groups';

/** A line to the group: text, or an image uploaded through /api/privateChat/upload; `client_id` makes a retry safe. */
export const POST = defineHandler({ auth: 'user', input: groupSendInput }, ({ db, input, user, brand }) =>
  sendGroupMessage(db, { sender: user, brandId: brand.id, anchorId: input.group_id, content: input.content, imageUrl: input.img_url, clientId: input.client_id }),
);
