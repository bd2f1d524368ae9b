import { defineHandler } from '@/lib/server/http/handler';
import { getBus } from '@/lib/realtime/bus';
import { setAnnouncement } from '@/lib/server/chat/announcements';
import { setAnnouncementInput } from '@/lib/validation/chat';

// The room's anchor or a manager (checked by setAnnouncement).
export const POST = defineHandler({ auth: 'user', input: setAnnouncementInput }, ({ db, user, input }) =>
  setAnnouncement(db, getBus(), { id: user.id, role: user.role }, input),
);
