import { defineHandler, noInput } from '@/lib/server/http/handler';
import { readNoticeSettings, writeNoticeSettings } from '@/lib/server/bookings/bookings';
import { noticeSettingsInput } from '@/lib/validation/bookings';

/** GET: the caller's notice switches; POST {followed_live}: whether anchors they follow going live are announced. */
export const GET = defineHandler({ auth: 'user', input: noInput, methods: ['GET'] }, ({ db, user }) => readNoticeSettings(db, user.id));
export const POST = defineHandler({ auth: 'user', input: noticeSettingsInput }, ({ db, input, user }) => writeNoticeSettings(db, user.id, input.followed_live === 1));
