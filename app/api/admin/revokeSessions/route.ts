import { defineHandler } from '@/lib/server/http/handler';
import { consoleCall } from '@/lib/server/admin/context';
import { revokePersonSessions } from '@/lib/server/admin/people';
import { userTargetInput } from '@/lib/validation/admin';

export const POST = defineHandler({ auth: 'none', input: userTargetInput }, async ({ db, input, request, brand }) => {
  const { actor, audit } = await consoleCall(db, request, brand, 'people.sessions');
  return revokePersonSessions(db, actor, audit, input.user_id);
});
