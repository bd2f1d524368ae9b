import type { NextRequest } from 'next/server';
import { getDb } from '@/lib/db';
import { hlsResponse } from '@/lib/server/media/hls-files';

export const dynamic = 'force-dynamic';

export async function GET(request: NextRequest, { params }: { params: Promise<{ stream: string; rendition: string; file: string }> }): Promise<Response> {
  const { stream, rendition, file } = await params;
  return hlsResponse(await getDb(), request.nextUrl, stream, rendition, file);
}
