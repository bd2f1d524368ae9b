import { defineHandler } from '@/lib/server/http/handler';
import { consoleCall } from '@/lib/server/admin/context';
import { changePersonRole } from '@/lib/server/admin/people';
import { roleChangeInput } from '@/lib/validation/admin';

export const POST = defineHandler({ auth: 'none', input: roleChangeInput }, async ({ db, input, request, brand }) => {
  const { actor, audit } = await consoleCall(db, request, brand, 'people.role');
  return changePersonRole(db, actor, audit, input);
});
