import { defineHandler, noInput } from '@/lib/server/http/handler';
import { clientIp } from '@/lib/server/http/client-ip';
import { issueGuestIdentity } from '@/lib/server/chat/guest-sig';

// The built-in messaging provider `sc`: a guest identity for the chat gateway (spec §7 {provider}Im/getUserSig).
const getUserSigHandler = defineHandler({ auth: 'none', input: noInput, methods: ['GET', 'POST'] }, async ({ request }) => issueGuestIdentity(clientIp(request)));

export { getUserSigHandler as GET, getUserSigHandler as POST };
