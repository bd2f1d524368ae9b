import { defineHandler } from '@/lib/server/http/handler';
import { getAnchorInfo } from '@/lib/server/anchors/profile';
import { anchorIdInput } from '@/lib/validation/live';

/** /anchorInfo/{id} */
const getAnchorInfoHandler = defineHandler({ auth: 'none', input: anchorIdInput, methods: ['GET', 'POST'] }, ({ db, user, input }) =>
  getAnchorInfo(db, input.anchor_id, user?.id),
);

export { getAnchorInfoHandler as GET, getAnchorInfoHandler as POST };
