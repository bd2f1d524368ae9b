// Settings for the Tencent Cloud Chat API tests, set before any module reads the environment: a made-up app,
// the REST API at a local stand-in's port, and a callback token.
import { freePortNow } from './provider-stand-in';

export const tencentApp = { sdkAppId: 1400000001, secretKey: 'test-secret-key-of-a-made-up-im-app', admin: 'administrator', callbackToken: 'callbackToken42' };
export const standInPort = freePortNow();
export const userSigTtlSeconds = 3600;

process.env.TENCENT_IM_SDK_APP_ID = String(tencentApp.sdkAppId);
process.env.TENCENT_IM_SECRET_KEY = tencentApp.secretKey;
process.env.TENCENT_IM_ADMIN = tencentApp.admin;
process.env.TENCENT_IM_CALLBACK_TOKEN = tencentApp.callbackToken;
process.env.TENCENT_IM_USERSIG_TTL_SECONDS = String(userSigTtlSeconds);
process.env.TENCENT_IM_API_URL = `http://127.0.0.1:${standInPort}`;
