import { defineHandler } from '@/lib/server/http/handler';
import { toggleFollow } from '@/lib/server/anchors/follow';
import { attentAnchorInput } from '@/lib/validation/live';

/** Spec §7 attentAnchor {anchorid}: follows or unfollows; data.type 1 means followed. */
export const POST = defineHandler({ auth: 'user', input: attentAnchorInput }, ({ user, db, input }) => toggleFollow(db, user.id, input.anchorid));
