import { defineHandler } from '@/lib/server/http/handler';
import { submitApplication } from '@/lib/server/anchors/application';
import { anchorApplyInput } from '@/lib/validation/live';

/** /user-center/apply-anchor: submit (or retry after a refusal). */
export const POST = defineHandler({ auth: 'user', input: anchorApplyInput }, ({ user, db, input }) => submitApplication(db, user, input));
