import 'server-only';
// Which brands talk through Tencent Cloud Chat and with which app: the brand's app config `im_sdkappid` names the
// app (0 keeps the built-in gateway `sc`), and TENCENT_IM_* hold that app's key. Everything else in this folder
// asks here.
import type { Db } from '@/lib/db';
import { getEnv, type Env } from '@/lib/env';
import { getAppConfig } from '@/lib/server/config/app-config';
import { AppError } from '@/lib/server/http/errors';

export type TencentImSettings = {
  sdkAppId: number;
  secretKey: string;
  admin: string;
  userSigTtlSeconds: number;
  apiUrl: string;
  callbackToken?: string;
  groupMessagesPerSecond: number;
};

/** The configured app, or undefined when TENCENT_IM_* are not set. */
export function tencentImSettings(env: Env = getEnv()): TencentImSettings | undefined {
  if (!env.TENCENT_IM_SDK_APP_ID || !env.TENCENT_IM_SECRET_KEY) return undefined;
  return {
    sdkAppId: Number(env.TENCENT_IM_SDK_APP_ID),
    secretKey: env.TENCENT_IM_SECRET_KEY,
    admin: env.TENCENT_IM_ADMIN,
    userSigTtlSeconds: env.TENCENT_IM_USERSIG_TTL_SECONDS,
    apiUrl: env.TENCENT_IM_API_URL.replace(/\/+$/, ''),
    callbackToken: env.TENCENT_IM_CALLBACK_TOKEN,
    groupMessagesPerSecond: env.TENCENT_IM_GROUP_MSGS_PER_SECOND,
  };
}

/**
 * The Tencent app a brand selects. A brand that selects none (im_sdkappid 0) or an app whose key this server does
 * not hold is refused: handing out a sig for the wrong app would only fail later, in the browser.
 */
export async function brandTencentIm(db: Db, brandId: string): Promise<TencentImSettings> {
  const { im_sdkappid: selected } = await getAppConfig(db, brandId);
  if (selected === 0) throw new AppError('chat.tencent.notSelected');
  const settings = tencentImSettings();
  if (!settings || settings.sdkAppId !== selected) throw new AppError('chat.tencent.notConfigured');
  return settings;
}
