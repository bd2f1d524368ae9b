import { defineHandler, noInput } from '@/lib/server/http/handler';
import { getApplication } from '@/lib/server/anchors/application';

/** The caller's application status: 0 not certified, 1 verifying, 2 verified, 3 failed (with the reason). */
const applyInfo = defineHandler({ auth: 'user', input: noInput, methods: ['GET', 'POST'] }, ({ user, db }) => getApplication(db, user));

export { applyInfo as GET, applyInfo as POST };
