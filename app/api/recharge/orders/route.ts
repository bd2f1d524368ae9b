import { defineHandler } from '@/lib/server/http/handler';
import { listOrders } from '@/lib/server/recharge/orders';
import { ordersInput } from '@/lib/validation/recharge';

/** The caller's recharge orders, newest first, in pages of 20. */
const orders = defineHandler({ auth: 'user', input: ordersInput, methods: ['GET', 'POST'] }, ({ db, user, input }) => listOrders(db, user.id, input.page));

export { orders as GET, orders as POST };
