import { defineHandler } from '@/lib/server/http/handler';
import { listBanners } from '@/lib/server/content/banners';
import { getLongMenAgInput } from '@/lib/validation/content';

const getLongMenAgHandler = defineHandler({ auth: 'none', input: getLongMenAgInput, methods: ['GET', 'POST'] }, ({ db, input, brand, locale }) =>
  listBanners(db, { brandId: brand.id, category: input.category, equipment: input.equipment, locale }),
);

export { getLongMenAgHandler as GET, getLongMenAgHandler as POST };
