import { defineHandler } from '@/lib/server/http/handler';
import { consoleCall } from '@/lib/server/admin/context';
import { banPerson } from '@/lib/server/admin/people';
import { banInput } from '@/lib/validation/admin';

export const POST = defineHandler({ auth: 'none', input: banInput }, async ({ db, input, request, brand }) => {
  const { actor, audit } = await consoleCall(db, request, brand, 'people.ban');
  return banPerson(db, actor, audit, input);
});
