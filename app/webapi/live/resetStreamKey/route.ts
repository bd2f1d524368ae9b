import { defineHandler, noInput } from '@/lib/server/http/handler';
import { requestSite } from '@/lib/server/media/urls';
import { resetStreamKey } from '@/lib/server/media/stream-keys';

/** Revokes the caller's push key and issues a new one (not while a live is open). */
export const POST = defineHandler({ auth: 'anchor', input: noInput }, ({ user, db, request }) => resetStreamKey(db, user.id, requestSite(request)));
