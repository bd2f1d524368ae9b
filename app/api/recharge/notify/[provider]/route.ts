import { getDb } from '@/lib/db';
import { handleNotify } from '@/lib/server/recharge/notify';
import { isPaymentProvider } from '@/lib/validation/recharge-constants';

export const dynamic = 'force-dynamic';

/** A payment provider's callback (Stripe webhook, Alipay notification, the sandbox's): read raw, verified by the provider. */
export async function POST(request: Request, { params }: { params: Promise<{ provider: string }> }): Promise<Response> {
  const { provider } = await params;
  if (!isPaymentProvider(provider)) return new Response('not found', { status: 404 });
  return (await handleNotify(await getDb(), provider, request)).response;
}
