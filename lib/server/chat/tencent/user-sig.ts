import 'server-only';
// UserSigs of Tencent Cloud Chat (spec §7 /api/{provider}Im/getUserSig): made with Tencent's own library from the
// app's secret key. A signed-in viewer signs in as their user id; a guest gets a `guest_<hex>` id of its own, the
// same shape the built-in provider hands out, so the before-send callback can tell guests from users.
import crypto from 'node:crypto';
import { Api } from 'tls-sig-api-v2/TLSSigAPIv2.js';
import type { Db } from '@/lib/db';
import { addressKey } from '@/lib/server/http/address-key';
import { AppError } from '@/lib/server/http/errors';
import type { TencentUserSig } from '@/lib/validation/chat';
import { allowAction } from '../abuse-limits';
import { loadChatSender } from '../chat-users';
import { brandTencentIm, type TencentImSettings } from './settings';

/** A UserSig for `identifier` under the configured app, valid `ttlSeconds` (default: the configured lifetime). */
export function tencentUserSig(settings: TencentImSettings, identifier: string, ttlSeconds = settings.userSigTtlSeconds): string {
  return new Api(settings.sdkAppId, settings.secretKey).genUserSig(identifier, ttlSeconds);
}

/**
 * GET|POST /api/tencentIm/getUserSig: the caller's identity for the brand's Tencent app. Guests are limited per
 * client address (an IPv6 /64) as the built-in provider's guest sigs are.
 */
export async function issueTencentUserSig(db: Db, brandId: string, userId: number | undefined, clientAddress: string): Promise<TencentUserSig> {
  const settings = await brandTencentIm(db, brandId);
  const sender = userId === undefined ? undefined : await loadChatSender(db, userId);
  let user: TencentUserSig['user'];
  if (sender) {
    user = { id: sender.user_id, guest: false, nick_name: sender.nick_name, level: sender.level, vip_level: sender.vip_level, role: sender.role };
  } else {
    if (!(await allowAction('guestSig', addressKey(clientAddress)))) throw new AppError('api.errors.tooManyRequests');
    user = { id: `guest_${crypto.randomBytes(8).toString('hex')}`, guest: true, nick_name: '', level: 0, vip_level: 0, role: 'user' };
  }
  const id = String(user.id);
  return { id, sig: tencentUserSig(settings, id), sdkappid: settings.sdkAppId, expires_in: settings.userSigTtlSeconds, admin: settings.admin, user };
}
