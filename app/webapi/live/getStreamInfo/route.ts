import { defineHandler, noInput } from '@/lib/server/http/handler';
import { requestSite } from '@/lib/server/media/urls';
import { getStreamInfo } from '@/lib/server/media/stream-keys';

/** Spec §7: the caller's push credentials (an anchor's own only). */
export const POST = defineHandler({ auth: 'anchor', input: noInput }, ({ user, db, request }) => getStreamInfo(db, user.id, requestSite(request)));
