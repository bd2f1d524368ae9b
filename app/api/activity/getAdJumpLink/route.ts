import { defineHandler } from '@/lib/server/http/handler';
import { getAdJumpLink } from '@/lib/server/content/jump-links';
import { getAdJumpLinkInput } from '@/lib/validation/content';

const getAdJumpLinkHandler = defineHandler({ auth: 'none', input: getAdJumpLinkInput, methods: ['GET', 'POST'] }, ({ db, input, brand }) =>
  getAdJumpLink(db, brand.id, input.jump_type),
);

export { getAdJumpLinkHandler as GET, getAdJumpLinkHandler as POST };
