import { defineHandler } from '@/lib/server/http/handler';
import { getRoomInfo } from '@/lib/server/live/rooms';
import { requestSite } from '@/lib/server/media/urls';
import { anchorIdInput } from '@/lib/validation/live';

/** The live room's state for this viewer: anchor, live state, match, heat and play addresses. */
const getRoomInfoHandler = defineHandler({ auth: 'none', input: anchorIdInput, methods: ['GET', 'POST'] }, ({ db, user, input, locale, request }) =>
  getRoomInfo(db, input.anchor_id, user && { id: user.id, sessionId: user.sessionId }, locale, requestSite(request), { recordVisit: request.method === 'POST' }),
);

export { getRoomInfoHandler as GET, getRoomInfoHandler as POST };
