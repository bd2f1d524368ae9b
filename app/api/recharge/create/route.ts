import { defineHandler } from '@/lib/server/http/handler';
import { createOrder } from '@/lib/server/recharge/orders';
import { siteOrigin } from '@/lib/seo/site-url';
import { createOrderInput } from '@/lib/validation/recharge';

/** An order for one package with one provider; the reply says where the customer pays. */
export const POST = defineHandler({ auth: 'user', input: createOrderInput }, ({ db, brand, user, input, locale, t, request }) =>
  createOrder(db, {
    userId: user.id,
    brand,
    packageId: input.package_id,
    provider: input.provider,
    locale,
    origin: siteOrigin(brand),
    mobile: /Mobi|Android|iPhone/i.test(request.headers.get('user-agent') ?? ''),
    t,
  }),
);
