import { defineHandler } from '@/lib/server/http/handler';
import { consoleCall } from '@/lib/server/admin/context';
import { saveKeywordList } from '@/lib/server/admin/chat-keywords';
import { chatKeywordsSaveInput } from '@/lib/validation/chat-keywords';

export const POST = defineHandler({ auth: 'none', input: chatKeywordsSaveInput }, async ({ db, input, request, brand }) => {
  const { audit } = await consoleCall(db, request, brand, 'chat.keywords');
  return saveKeywordList(db, audit, input.words);
});
