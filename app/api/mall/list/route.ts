import { defineHandler, noInput } from '@/lib/server/http/handler';
import { listMallItems } from '@/lib/server/mall/catalogue';

/** The brand's mall catalogue in the request's language (spec §2.2 /mall). */
const mallList = defineHandler({ auth: 'none', input: noInput, methods: ['GET', 'POST'] }, ({ db, brand, locale }) => listMallItems(db, brand.id, locale));

export { mallList as GET, mallList as POST };
