import { readUpload } from '@/lib/server/uploads/files';

export async function GET(_request: Request, { params }: { params: Promise<{ path: string[] }> }): Promise<Response> {
  const upload = await readUpload((await params).path);
  if (!upload) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  return new Response(new Uint8Array(upload.bytes), {
    headers: {
      'content-type': upload.contentType,
      // File names are random and never reused: a cached copy never goes stale.
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
    },
  });
}
