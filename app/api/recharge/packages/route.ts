import { defineHandler, noInput } from '@/lib/server/http/handler';
import { listPackages } from '@/lib/server/recharge/orders';

/** The brand's recharge packages and payment providers; a signed-in caller also learns what they owe. */
const packages = defineHandler({ auth: 'none', input: noInput, methods: ['GET', 'POST'] }, ({ db, brand, user }) => listPackages(db, brand, user?.id));

export { packages as GET, packages as POST };
