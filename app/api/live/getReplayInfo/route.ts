import { defineHandler } from '@/lib/server/http/handler';
import { getReplay } from '@/lib/server/replays/queries';
import { replayIdInput } from '@/lib/validation/live';

const getReplayInfo = defineHandler({ auth: 'none', input: replayIdInput, methods: ['GET', 'POST'] }, ({ db, input, locale }) => getReplay(db, input.replay_id, locale));

export { getReplayInfo as GET, getReplayInfo as POST };
