import { defineHandler, noInput } from '@/lib/server/http/handler';
import { getUserAsset } from '@/lib/server/users/user-info';

const getUserAssetHandler = defineHandler({ auth: 'user', input: noInput, methods: ['GET', 'POST'] }, ({ user, db }) => getUserAsset(db, user.id));

export { getUserAssetHandler as GET, getUserAssetHandler as POST };
