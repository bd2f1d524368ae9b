import { defineHandler } from '@/lib/server/http/handler';
import { anchorGroupProfile } from '@/lib/server/fan-groups/fan-groups';
import { anchorProfileInput } from '@/lib/validation/fan-groups';

/** Spec §7 groupChat/getAnchorProfile: the anchor's fan group, their card and whether the caller is in it. */
export const POST = defineHandler({ auth: 'none', input: anchorProfileInput }, ({ db, input, user }) => anchorGroupProfile(db, user, input.anchorId));
