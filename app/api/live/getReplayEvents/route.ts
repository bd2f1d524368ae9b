import { defineHandler } from '@/lib/server/http/handler';
import { getReplayEvents } from '@/lib/server/replays/queries';
import { replayIdInput } from '@/lib/validation/live';

const getReplayEventsRoute = defineHandler({ auth: 'none', input: replayIdInput, methods: ['GET', 'POST'] }, ({ db, input }) => getReplayEvents(db, input.replay_id));

export { getReplayEventsRoute as GET, getReplayEventsRoute as POST };
