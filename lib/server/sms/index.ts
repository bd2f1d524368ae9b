import 'server-only';
// The process's SMS sender, chosen by SMS_PROVIDER: console (the default), tencent or aliyun.
import { getEnv } from '@/lib/env';
import { createAliyunSender } from './aliyun-sender';
import { createConsoleSender } from './console-sender';
import { createTencentSender } from './tencent-sender';
import type { SmsSender } from './types';

let sender: SmsSender | undefined;

export function getSmsSender(): SmsSender {
  if (sender) return sender;
  const env = getEnv();
  if (env.SMS_PROVIDER === 'tencent') {
    // lib/env.ts refuses to start with SMS_PROVIDER=tencent unless these are set.
    sender = createTencentSender({
      secretId: env.TENCENT_SMS_SECRET_ID ?? '',
      secretKey: env.TENCENT_SMS_SECRET_KEY ?? '',
      sdkAppId: env.TENCENT_SMS_SDK_APP_ID ?? '',
      signName: env.TENCENT_SMS_SIGN_NAME ?? '',
      templateId: env.TENCENT_SMS_TEMPLATE_ID ?? '',
      resetTemplateId: env.TENCENT_SMS_RESET_TEMPLATE_ID,
      region: env.TENCENT_SMS_REGION,
      endpoint: env.TENCENT_SMS_ENDPOINT,
    });
  } else if (env.SMS_PROVIDER === 'aliyun') {
    // As for Tencent, lib/env.ts refuses to start without these.
    sender = createAliyunSender({
      accessKeyId: env.ALIYUN_SMS_ACCESS_KEY_ID ?? '',
      accessKeySecret: env.ALIYUN_SMS_ACCESS_KEY_SECRET ?? '',
      signName: env.ALIYUN_SMS_SIGN_NAME ?? '',
      templateCode: env.ALIYUN_SMS_TEMPLATE_CODE ?? '',
      resetTemplateCode: env.ALIYUN_SMS_RESET_TEMPLATE_CODE,
      templateParam: env.ALIYUN_SMS_TEMPLATE_PARAM,
      region: env.ALIYUN_SMS_REGION,
      endpoint: env.ALIYUN_SMS_ENDPOINT,
    });
  } else {
    // lib/env.ts refuses the console sender on a production site others use.
    sender = createConsoleSender(env.dataDir, { logCodes: env.NODE_ENV !== 'production' });
  }
  return sender;
}

export type { SmsSender } from './types';
