import { defineHandler, noInput } from '@/lib/server/http/handler';
import { readChatConfig, toChatConfigReply } from '@/lib/server/chat/config';

const chatConfigHandler = defineHandler({ auth: 'none', input: noInput, methods: ['GET', 'POST'] }, async ({ db, brand }) =>
  toChatConfigReply(await readChatConfig(db, brand.id)),
);

export { chatConfigHandler as GET, chatConfigHandler as POST };
