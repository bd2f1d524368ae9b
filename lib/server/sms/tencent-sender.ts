import 'server-only';
// Tencent Cloud SMS (API 3.0, action SendSms, version 2021-01-11) over HTTPS, signed with TC3-HMAC-SHA256
// as Tencent's "Signature v3" documentation describes: canonical request → string to sign → derived key.
import crypto from 'node:crypto';
import { z } from 'zod';
import type { SmsMessage, SmsSender } from './types';

export type TencentSmsConfig = {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
  resetTemplateId?: string;
  region: string;
  endpoint: string;
};

const sha256Hex = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: crypto.BinaryLike, text: string) => crypto.createHmac('sha256', key).update(text, 'utf8').digest();

/** The Authorization header for a JSON POST to `host`; `timestamp` in seconds. */
export function tc3Authorization(input: {
  secretId: string;
  secretKey: string;
  service: string;
  host: string;
  contentType: string;
  payload: string;
  timestamp: number;
}): string {
  const date = new Date(input.timestamp * 1000).toISOString().slice(0, 10);
  const signedHeaders = 'content-type;host';
  const canonicalRequest = ['POST', '/', '', `content-type:${input.contentType}\nhost:${input.host}\n`, signedHeaders, sha256Hex(input.payload)].join('\n');
  const scope = `${date}/${input.service}/tc3_request`;
  const stringToSign = ['TC3-HMAC-SHA256', String(input.timestamp), scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(`TC3${input.secretKey}`, date), input.service), 'tc3_request');
  const signature = crypto.createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
  return `TC3-HMAC-SHA256 Credential=${input.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

/** Tencent wants E.164: our 11-digit mainland numbers get +86, the rest were stored with their country code. */
export function toE164(mobile: string): string {
  return /^1[3-9]\d{9}$/.test(mobile) ? `+86${mobile}` : `+${mobile}`;
}

const sendSmsReply = z.object({
  Response: z.object({
    Error: z.object({ Code: z.string(), Message: z.string() }).optional(),
    SendStatusSet: z.array(z.object({ Code: z.string(), Message: z.string() })).optional(),
  }),
});

export function createTencentSender(config: TencentSmsConfig, fetchImpl: typeof fetch = fetch): SmsSender {
  const contentType = 'application/json; charset=utf-8';
  return {
    kind: 'tencent',
    async send({ mobile, code, purpose }: SmsMessage) {
      const payload = JSON.stringify({
        PhoneNumberSet: [toE164(mobile)],
        SmsSdkAppId: config.sdkAppId,
        SignName: config.signName,
        TemplateId: purpose === 'reset' && config.resetTemplateId ? config.resetTemplateId : config.templateId,
        TemplateParamSet: [code],
      });
      const timestamp = Math.floor(Date.now() / 1000);
      const response = await fetchImpl(`https://${config.endpoint}/`, {
        method: 'POST',
        headers: {
          authorization: tc3Authorization({ ...config, service: 'sms', host: config.endpoint, contentType, payload, timestamp }),
          // fetch sends Host itself, from the URL: the same value the signature covers.
          'content-type': contentType,
          'x-tc-action': 'SendSms',
          'x-tc-version': '2021-01-11',
          'x-tc-timestamp': String(timestamp),
          'x-tc-region': config.region,
        },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`Tencent SMS answered HTTP ${response.status}`);
      const reply = sendSmsReply.parse(await response.json());
      const error = reply.Response.Error;
      if (error) throw new Error(`Tencent SMS refused: ${error.Code} ${error.Message}`);
      const status = reply.Response.SendStatusSet?.[0];
      if (status?.Code !== 'Ok') throw new Error(`Tencent SMS did not send: ${status?.Code ?? 'no status'} ${status?.Message ?? ''}`.trim());
    },
  };
}
