import 'server-only';
// Alibaba Cloud SMS (Dysmsapi 2017-05-25, action SendSms) over HTTPS, signed as Alibaba Cloud's RPC "signature
// mechanism" documentation describes: the parameters sorted and percent-encoded (RFC 3986), the string to sign
// "POST&%2F&<encoded query>", HMAC-SHA1 with "<secret>&", Base64.
import crypto from 'node:crypto';
import { z } from 'zod';
import type { SmsMessage, SmsSender } from './types';

export type AliyunSmsConfig = {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  resetTemplateCode?: string;
  /** The name of the template's one variable, `${code}` in the usual verification template. */
  templateParam: string;
  region: string;
  endpoint: string;
};

/** RFC 3986 percent-encoding: encodeURIComponent leaves !'()* alone, Alibaba Cloud's signature does not. */
export function percentEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The canonical query (sorted by name) and its Signature, for `method` on the root path. */
export function rpcSignature(method: 'GET' | 'POST', params: Record<string, string>, accessKeySecret: string): { query: string; signature: string } {
  const query = Object.keys(params)
    .sort()
    .map((name) => `${percentEncode(name)}=${percentEncode(params[name])}`)
    .join('&');
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(query)}`;
  const signature = crypto.createHmac('sha1', `${accessKeySecret}&`).update(stringToSign, 'utf8').digest('base64');
  return { query, signature };
}

// Alibaba Cloud answers JSON with Code "OK" on success; errors carry the same fields, sometimes with an HTTP error.
const sendSmsReply = z.object({ Code: z.string(), Message: z.string().optional(), RequestId: z.string().optional() });

// The global fetch is looked up at each send, not when the process's one sender is made, so that whatever wraps
// fetch later (instrumentation, a test's stand-in) applies.
export function createAliyunSender(config: AliyunSmsConfig, fetchImpl: typeof fetch = (input, init) => fetch(input, init)): SmsSender {
  return {
    kind: 'aliyun',
    async send({ mobile, code, purpose }: SmsMessage) {
      const params: Record<string, string> = {
        AccessKeyId: config.accessKeyId,
        Action: 'SendSms',
        Format: 'JSON',
        RegionId: config.region,
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: crypto.randomUUID(),
        SignatureVersion: '1.0',
        Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        Version: '2017-05-25',
        // Mainland numbers as 11 digits, others with their country code and no "+": how we store both.
        PhoneNumbers: mobile,
        SignName: config.signName,
        TemplateCode: purpose === 'reset' && config.resetTemplateCode ? config.resetTemplateCode : config.templateCode,
        TemplateParam: JSON.stringify({ [config.templateParam]: code }),
      };
      const { query, signature } = rpcSignature('POST', params, config.accessKeySecret);
      const response = await fetchImpl(`https://${config.endpoint}/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `Signature=${percentEncode(signature)}&${query}`,
        signal: AbortSignal.timeout(10_000),
      });
      const parsed = sendSmsReply.safeParse(await response.json().catch(() => undefined));
      if (!parsed.success) throw new Error(`Aliyun SMS answered HTTP ${response.status} without a reply`);
      if (parsed.data.Code !== 'OK') throw new Error(`Aliyun SMS did not send: ${parsed.data.Code} ${parsed.data.Message ?? ''}`.trim());
    },
  };
}
