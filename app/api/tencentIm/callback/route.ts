import { handleTencentCallback } from '@/lib/server/chat/tencent/callbacks';

export const dynamic = 'force-dynamic';

/** Tencent Cloud Chat's callbacks (before-send, after-send…): answered in Tencent's shape, not our envelope. */
export async function POST(request: Request): Promise<Response> {
  return handleTencentCallback(request);
}
