// An applicant's ID photo, for a console role that reviews anchor applications (docs/admin.md): never cached, never
// sniffed, and a plain 404 for anyone else, so the address tells nothing about whether a photo exists.
import type { NextRequest } from 'next/server';
import { getDb } from '@/lib/db';
import { resolveBrand } from '@/lib/brand/registry';
import { requireConsole, sealedConsoleCookie } from '@/lib/server/admin/console-session';
import { readApplicationIdPhoto } from '@/lib/server/anchors/review';
import { applicationTargetInput } from '@/lib/validation/admin';

const notFound = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });

export async function GET(request: NextRequest): Promise<Response> {
  const input = applicationTargetInput.safeParse({ user_id: request.nextUrl.searchParams.get('user_id') });
  if (!input.success) return notFound();
  const db = await getDb();
  const allowed = await requireConsole(db, sealedConsoleCookie(request.cookies), resolveBrand(request.headers.get('host')).id, 'anchors.review').then(
    () => true,
    () => false,
  );
  if (!allowed) return notFound();
  const photo = await readApplicationIdPhoto(db, input.data.user_id);
  if (!photo) return notFound();
  return new Response(new Uint8Array(photo), {
    headers: {
      'content-type': 'image/jpeg',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
      'referrer-policy': 'no-referrer',
    },
  });
}
