import 'server-only';
// What the live room (/liveMatchesTwo/{anchor id}) renders first, read per request and not cached: the room's
// state is seconds old at most and the addresses carry this request's host. The browser asks again with the
// viewer's session (follow state, HD).
import type { Locale } from '@/lib/i18n/locales';
import { getDb } from '@/lib/db';
import { getAppConfig } from '@/lib/server/config/app-config';
import { getAnnouncement } from '@/lib/server/chat/announcements';
import { findLiveRoomAnchor } from '@/lib/server/chat/chat-users';
import { getRoomInfo } from '@/lib/server/live/rooms';
import { siteFromHeaders } from '@/lib/server/media/urls';
import { liveRoomKey } from '@/lib/validation/chat';

/** The anchor whose room the id names, or undefined for anything else (a viewer, no one, not a number). */
export async function readLiveRoomAnchor(id: string) {
  return /^[1-9]\d{0,14}$/.test(id) ? findLiveRoomAnchor(await getDb(), Number(id)) : undefined;
}

/** `requestHeaders`: the page request's, so the play addresses name the host the visitor came to. */
export async function readLiveRoomPage(anchorId: number, brandId: string, locale: Locale, requestHeaders: Headers) {
  const db = await getDb();
  const room = liveRoomKey(anchorId);
  const [announcement, info, config] = await Promise.all([
    getAnnouncement(db, room),
    getRoomInfo(db, anchorId, undefined, locale, siteFromHeaders(requestHeaders, 'http')),
    // Which messaging provider carries the brand's rooms (docs/im.md): 0 the built-in gateway, else a Tencent app.
    getAppConfig(db, brandId),
  ]);
  return { room, announcement, info, imSdkAppId: config.im_sdkappid };
}
