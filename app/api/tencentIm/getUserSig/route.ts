import { defineHandler, noInput } from '@/lib/server/http/handler';
import { clientIp } from '@/lib/server/http/client-ip';
import { issueTencentUserSig } from '@/lib/server/chat/tencent/user-sig';

// Tencent Cloud Chat: the caller's UserSig for the brand's IM app (spec §7 {provider}Im/getUserSig), a guest's too.
const getUserSigHandler = defineHandler({ auth: 'none', input: noInput, methods: ['GET', 'POST'] }, async ({ db, brand, user, request }) =>
  issueTencentUserSig(db, brand.id, user?.id, clientIp(request)),
);

export { getUserSigHandler as GET, getUserSigHandler as POST };
