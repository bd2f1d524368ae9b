import { defineHandler } from '@/lib/server/http/handler';
import { readRoomRanking } from '@/lib/server/rankings/lists';
import { roomRankingInput } from '@/lib/validation/ranking';

/** A live room's contribution ranking (spec §2.4 item 10): visitors see it too; a signed-in viewer also gets their place. */
const roomRanking = defineHandler({ auth: 'none', input: roomRankingInput }, ({ db, input, user }) => readRoomRanking(db, input, user?.id));

export { roomRanking as POST };
