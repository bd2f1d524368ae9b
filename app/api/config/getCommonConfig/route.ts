import { defineHandler, noInput } from '@/lib/server/http/handler';
import { getCommonConfig } from '@/lib/server/config/app-config';

const getCommonConfigHandler = defineHandler({ auth: 'none', input: noInput, methods: ['GET', 'POST'] }, ({ db, brand, locale }) =>
  getCommonConfig(db, brand.id, locale),
);

export { getCommonConfigHandler as GET, getCommonConfigHandler as POST };
