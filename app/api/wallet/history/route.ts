import { defineHandler } from '@/lib/server/http/handler';
import { readWalletHistory } from '@/lib/server/recharge/wallet-history';
import { walletHistoryInput } from '@/lib/validation/recharge';

/** The wallet's income or consumption list, newest first, in pages of 20. */
const history = defineHandler({ auth: 'user', input: walletHistoryInput, methods: ['GET', 'POST'] }, ({ db, user, input }) => readWalletHistory(db, user.id, input.kind, input.page));

export { history as GET, history as POST };
