import { defineHandler, noInput } from '@/lib/server/http/handler';
import { getAnchorStatus } from '@/lib/server/users/user-info';

const checkAnchorStatusHandler = defineHandler({ auth: 'user', input: noInput, methods: ['GET', 'POST'] }, async ({ user, db }) => getAnchorStatus(db, user));

export { checkAnchorStatusHandler as GET, checkAnchorStatusHandler as POST };
