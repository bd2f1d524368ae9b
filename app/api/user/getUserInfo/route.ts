import { defineHandler, noInput } from '@/lib/server/http/handler';
import { getUserInfo } from '@/lib/server/users/user-info';

const getUserInfoHandler = defineHandler({ auth: 'user', input: noInput, methods: ['GET', 'POST'] }, ({ user, db }) => getUserInfo(db, user.id, user.sessionId));

export { getUserInfoHandler as GET, getUserInfoHandler as POST };
