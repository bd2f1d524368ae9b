import type { NextRequest } from 'next/server';
import { getDb } from '@/lib/db';
import { replayFileResponse } from '@/lib/server/replays/serve';

export const dynamic = 'force-dynamic';

/** A replay's MP4 with byte ranges, so players can seek. */
export async function GET(request: NextRequest, { params }: { params: Promise<{ file: string }> }): Promise<Response> {
  return replayFileResponse(await getDb(), request, (await params).file);
}

export { GET as HEAD };
