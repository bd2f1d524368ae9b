import 'server-only';
// Alibaba Cloud OSS through its SDK (ali-oss): the server PUTs objects it has checked, and browser uploads get
// STS credentials (AssumeRole) whose inline policy allows one PutObject under images/<random name>, for 15 minutes.
import crypto from 'node:crypto';
import OSS from 'ali-oss';
import type { Env } from '@/lib/env';
import type { ObjectStorage, UploadCredentials } from './object-storage';

export type OssSettings = {
  region: string;
  bucket: string;
  accessKeyId: string;
  accessKeySecret: string;
  roleArn: string;
  stsEndpoint: string;
  /** The OSS API address; unset: the region's public endpoint. */
  endpoint?: string;
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
    endpoint: env.OSS_ENDPOINT,
    publicUrl: (env.OSS_PUBLIC_URL ?? `https://${env.OSS_BUCKET}.${env.OSS_REGION}.aliyuncs.com`).replace(/\/+$/, ''),
  };
}

export const stsDurationSeconds = 900;

export async function assumeRoleForUpload(settings: OssSettings, userId: number): Promise<UploadCredentials> {
  const filename = `${userId}-${crypto.randomBytes(12).toString('hex')}`;
  const policy = {
    Version: '1',
    Statement: [{ Effect: 'Allow', Action: ['oss:PutObject'], Resource: [`acs:oss:*:*:${settings.bucket}/images/${filename}*`] }],
  };
  // The SDK takes an endpoint although its type definitions leave it out.
  const stsOptions: OSS.STSOptions & { endpoint: string } = {
    accessKeyId: settings.accessKeyId,
    accessKeySecret: settings.accessKeySecret,
    endpoint: settings.stsEndpoint,
  };
  const { credentials } = await new OSS.STS(stsOptions).assumeRole(settings.roleArn, policy, stsDurationSeconds, `upload-${userId}`, { timeout: 10_000, ctx: undefined });
  return {
    Credentials: { AccessKeyId: credentials.AccessKeyId, AccessKeySecret: credentials.AccessKeySecret, SecurityToken: credentials.SecurityToken },
    ExpiredTime: Math.floor(new Date(credentials.Expiration).getTime() / 1000),
    bucket: settings.bucket,
    region: settings.region,
    filename,
    url_prefix: `${settings.publicUrl}/`,
  };
}

const ossKeyPattern = /^images\/[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function createAliOssStorage(settings: OssSettings): ObjectStorage {
  const client = new OSS({
    region: settings.region,
    bucket: settings.bucket,
    accessKeyId: settings.accessKeyId,
    accessKeySecret: settings.accessKeySecret,
    endpoint: settings.endpoint,
    secure: !settings.endpoint?.startsWith('http:'),
    timeout: 30_000,
  });
  return {
    kind: 'oss',
    async put(key, bytes, contentType) {
      const objectKey = `images/${key.split('/').pop()}`;
      await client.put(objectKey, bytes, { headers: { 'Content-Type': contentType } });
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
