import { defineHandler, noInput } from '@/lib/server/http/handler';
import { listLiveCategories } from '@/lib/server/config/app-config';

const getCategory = defineHandler({ auth: 'none', input: noInput, methods: ['GET', 'POST'] }, ({ db, locale }) => listLiveCategories(db, locale));

export { getCategory as GET, getCategory as POST };
