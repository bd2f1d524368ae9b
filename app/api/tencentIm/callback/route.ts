import { handleTencentCallback } from '@/lib/server/chat/tencent/callbacks';
import { sendGiftInput } from '@/lib/server/gifts/send';
import { openQuizMessages } from '@/lib/server/quizzes/announce';

export const dynamic = 'force-dynamic';

/** Tencent Cloud Chat's callbacks (before-send, after-send, custom frames to the admin): answered in Tencent's shape, not our envelope. */
export async function POST(request: Request): Promise<Response> {
  // The chat knows no gifts or quizzes: their services are handed in here, as server.ts does for the gateway.
  return handleTencentCallback(request, { sendGift: (db, senderId, input) => sendGiftInput(db, undefined, senderId, input), openQuizzes: openQuizMessages });
}
