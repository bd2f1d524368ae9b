import { defineHandler } from '@/lib/server/http/handler';
import { findOwnOrder, orderItem } from '@/lib/server/recharge/orders';
import { orderInput } from '@/lib/validation/recharge';

/** One of the caller's orders (the checkout and the return page poll it). */
const order = defineHandler({ auth: 'user', input: orderInput, methods: ['GET', 'POST'] }, async ({ db, user, input }) =>
  orderItem(await findOwnOrder(db, user.id, input.order_id)),
);

export { order as GET, order as POST };
