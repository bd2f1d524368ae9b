import 'server-only';
// Alibaba Cloud OSS without its SDK: objects are PUT with an OSS v1 header signature, and browser uploads get
// STS credentials from AssumeRole (RPC API, signature method V2, HMAC-SHA1) whose inline policy allows one
// PutObject under images/<random name>, for 15 minutes.
import crypto from 'node:crypto';
import type { Env } from '@/lib/env';
import { z } from 'zod';
import type { ObjectStorage, UploadCredentials } from './object-storage';

export type OssSettings = {
  region: string;
  bucket: string;
  accessKeyId: string;
  accessKeySecret: string;
  roleArn: string;
  stsEndpoint: string;
  publicUrl: string;
};

export function ossSettings(env: Env): OssSettings | undefined {
  if (!env.OSS_REGION || !env.OSS_BUCKET || !env.OSS_ACCESS_KEY_ID || !env.OSS_ACCESS_KEY_SECRET || !env.OSS_ROLE_ARN) return undefined;
  return {
    region: env.OSS_REGION,
    bucket: env.OSS_BUCKET,
    accessKeyId: env.OSS_ACCESS_KEY_ID,
    accessKeySecret: env.OSS_ACCESS_KEY_SECRET,
    roleArn: env.OSS_ROLE_ARN,
    stsEndpoint: env.OSS_STS_ENDPOINT,
    publicUrl: (env.OSS_PUBLIC_URL ?? `https://${env.OSS_BUCKET}.${env.OSS_REGION}.aliyuncs.com`).replace(/\/+$/, ''),
  };
}

/** RFC 3986 encoding as the RPC signature wants it: everything but A–Z a–z 0–9 - _ . ~ is escaped. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Signature method V2 of RPC APIs: HMAC-SHA1 over "GET&%2F&" + the encoded, sorted query, keyed with secret + "&". */
export function signRpcQuery(params: Record<string, string>, accessKeySecret: string, method = 'GET'): string {
  const canonical = Object.keys(params)
    .sort()
    .map((key) => `${percentEncode(key)}=${percentEncode(params[key])}`)
    .join('&');
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonical)}`;
  return crypto.createHmac('sha1', `${accessKeySecret}&`).update(stringToSign).digest('base64');
}

const assumeRoleReply = z.object({
  Credentials: z.object({ AccessKeyId: z.string(), AccessKeySecret: z.string(), SecurityToken: z.string(), Expiration: z.string() }),
});
const errorReply = z.object({ Code: z.string(), Message: z.string() });

export const stsDurationSeconds = 900;

export async function assumeRoleForUpload(settings: OssSettings, userId: number, now = new Date()): Promise<UploadCredentials> {
  const filename = `${userId}-${crypto.randomBytes(12).toString('hex')}`;
  const policy = {
    Version: '1',
    Statement: [{ Effect: 'Allow', Action: ['oss:PutObject'], Resource: [`acs:oss:*:*:${settings.bucket}/images/${filename}*`] }],
  };
  const params: Record<string, string> = {
    Action: 'AssumeRole',
    Version: '2015-04-01',
    Format: 'JSON',
    AccessKeyId: settings.accessKeyId,
    SignatureMethod: 'HMAC-SHA1',
    SignatureVersion: '1.0',
    SignatureNonce: crypto.randomUUID(),
    Timestamp: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    RoleArn: settings.roleArn,
    RoleSessionName: `upload-${userId}`,
    DurationSeconds: String(stsDurationSeconds),
    Policy: JSON.stringify(policy),
  };
  const query = new URLSearchParams({ ...params, Signature: signRpcQuery(params, settings.accessKeySecret) });
  const response = await fetch(`${settings.stsEndpoint.replace(/\/+$/, '')}/?${query.toString()}`, { signal: AbortSignal.timeout(10_000) });
  const body: unknown = await response.json().catch(() => undefined);
  const parsed = assumeRoleReply.safeParse(body);
  if (!response.ok || !parsed.success) {
    const error = errorReply.safeParse(body);
    throw new Error(`STS AssumeRole failed (HTTP ${response.status}${error.success ? `, ${error.data.Code}: ${error.data.Message}` : ''})`);
  }
  const { Credentials } = parsed.data;
  return {
    Credentials: { AccessKeyId: Credentials.AccessKeyId, AccessKeySecret: Credentials.AccessKeySecret, SecurityToken: Credentials.SecurityToken },
    ExpiredTime: Math.floor(new Date(Credentials.Expiration).getTime() / 1000),
    bucket: settings.bucket,
    region: settings.region,
    filename,
    url_prefix: `${settings.publicUrl}/`,
  };
}

/** OSS v1 header signature: HMAC-SHA1 over verb, MD5, type, date, x-oss headers and /bucket/key. */
export function ossAuthorization(settings: OssSettings, verb: string, key: string, contentType: string, contentMd5: string, date: string): string {
  const stringToSign = [verb, contentMd5, contentType, date, `/${settings.bucket}/${key}`].join('\n');
  const signature = crypto.createHmac('sha1', settings.accessKeySecret).update(stringToSign).digest('base64');
  return `OSS ${settings.accessKeyId}:${signature}`;
}

const ossKeyPattern = /^images\/[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function createAliOssStorage(settings: OssSettings): ObjectStorage {
  return {
    kind: 'oss',
    async put(key, bytes, contentType) {
      const objectKey = `images/${key.split('/').pop()}`;
      const date = new Date().toUTCString();
      const contentMd5 = crypto.createHash('md5').update(bytes).digest('base64');
      const response = await fetch(`https://${settings.bucket}.${settings.region}.aliyuncs.com/${objectKey}`, {
        method: 'PUT',
        headers: {
          date,
          'content-type': contentType,
          'content-md5': contentMd5,
          authorization: ossAuthorization(settings, 'PUT', objectKey, contentType, contentMd5, date),
        },
        body: new Uint8Array(bytes),
        signal: AbortSignal.timeout(30_000),
      });
      if (!response.ok) throw new Error(`OSS PUT ${objectKey} failed: HTTP ${response.status}`);
      return objectKey;
    },
    uploadCredentials: (userId) => assumeRoleForUpload(settings, userId),
    async resolveCoverUrl(url) {
      const trimmed = url.trim();
      const key = trimmed.startsWith(`${settings.publicUrl}/`) ? trimmed.slice(settings.publicUrl.length + 1) : trimmed.replace(/^\//, '');
      return ossKeyPattern.test(key) ? `${settings.publicUrl}/${key}` : undefined;
    },
  };
}
