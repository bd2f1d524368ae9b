import 'server-only';
// Alibaba Cloud OSS through its SDK (ali-oss): the server PUTs objects it has checked, and browser uploads get
// STS credentials (AssumeRole) whose inline policy allows one PutObject of images/<random name>.<jpg|png|gif|bmp>,
// for 15 minutes. OSS checks neither content nor type of such an upload, so when a live names it, the server
// fetches it, checks and re-encodes it like a cover sent to it, stores its own copy and deletes the upload.
import crypto from 'node:crypto';
import OSS from 'ali-oss';
import type { Env } from '@/lib/env';
import { coverMaxBytes, type UploadCredentials } from '@/lib/validation/live';
import type { ObjectStorage } from './object-storage';

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

const stsDurationSeconds = 900;

export async function assumeRoleForUpload(settings: OssSettings, userId: number): Promise<UploadCredentials> {
  const filename = `${userId}-${crypto.randomBytes(12).toString('hex')}`;
  // Exactly the names the browser client puts (components/anchor/anchor-api.ts): no other suffix, no sub-path.
  const policy = {
    Version: '1',
    Statement: [{ Effect: 'Allow', Action: ['oss:PutObject'], Resource: browserUploadExtensions.map((extension) => `acs:oss:*:*:${settings.bucket}/images/${filename}.${extension}`) }],
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

const browserUploadExtensions = ['jpg', 'png', 'gif', 'bmp'] as const;
// Covers this server stored (storeCover: checked, WebP) and uploads a browser made with credentials from above.
const checkedCoverKey = /^images\/\d+-[0-9a-f]{20}\.webp$/;
const browserUploadKey = new RegExp(`^images/(\\d+)-[0-9a-f]{24}\\.(${browserUploadExtensions.join('|')})$`);

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
    publicUrl: (key) => `${settings.publicUrl}/${key}`,
    uploadCredentials: (userId) => assumeRoleForUpload(settings, userId),
    async resolveCoverUrl(url, ownerId, check) {
      const trimmed = url.trim();
      const key = trimmed.startsWith(`${settings.publicUrl}/`) ? trimmed.slice(settings.publicUrl.length + 1) : trimmed.replace(/^\//, '');
      if (checkedCoverKey.test(key)) return `${settings.publicUrl}/${key}`;
      // Only the caller's own upload; anyone else's, or a name the credentials never allowed, is no cover.
      if (Number(browserUploadKey.exec(key)?.[1]) !== ownerId) return undefined;
      try {
        const head = await client.head(key).catch(() => undefined);
        const size = Number((head?.res.headers as Record<string, string> | undefined)?.['content-length']);
        if (!head || !(size < coverMaxBytes)) return undefined;
        const { content } = (await client.get(key)) as { content: Buffer };
        const stored = await check(new File([new Uint8Array(content)], key.slice('images/'.length)));
        return `${settings.publicUrl}/${await this.put(stored.key, stored.bytes, stored.contentType)}`;
      } finally {
        await client.delete(key).catch(() => undefined);
      }
    },
  };
}
