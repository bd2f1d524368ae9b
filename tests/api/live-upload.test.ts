// Covers (spec §5: JPEG, GIF, PNG, BMP only, jfif refused, under 2 MB, judged by content) and the object-storage
// credentials flow of {provider}_sts (Alibaba Cloud STS AssumeRole, against a local stand-in for the STS API).
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { POST as ossSts } from '@/app/api/oss_sts/route';
import { POST as uploadCover } from '@/app/api/user/file/route';
import { GET as serveUpload } from '@/app/uploads/[...path]/route';
import { getDb } from '@/lib/db';
import { getEnv } from '@/lib/env';
import { assumeRoleForUpload, ossAuthorization, percentEncode, signRpcQuery, type OssSettings } from '@/lib/server/storage/ali-oss';
import { callRoute } from '@/tests/support/call-route';
import { accountWithRole, encodeBmp, picture, uploadFile, type Account } from './live-helpers';

beforeAll(() => getDb(), 60_000);

let anchor: Account;
let viewer: Account;

beforeAll(async () => {
  anchor = await accountWithRole('1362', 'anchor');
  viewer = await accountWithRole('1362');
}, 60_000);

const upload = (bytes: Buffer, name: string, type: string, account = anchor) => uploadFile<string[]>(uploadCover, account.credential, bytes, name, type);

function serve(relative: string) {
  const segments = relative.split('/');
  return serveUpload(new Request(`http://localhost:3000/uploads/${relative}`), { params: Promise.resolve({ path: segments }) });
}

describe('POST /api/user/file (cover upload)', () => {
  it.each([
    ['JPEG', 'cover.jpg', 'image/jpeg', () => picture(640, 360, 'jpeg')],
    ['PNG', 'cover.png', 'image/png', () => picture(640, 360, 'png')],
    ['GIF', 'cover.gif', 'image/gif', () => picture(64, 36, 'gif')],
    ['BMP', 'cover.bmp', 'image/bmp', async () => encodeBmp(Array.from({ length: 36 }, () => Array.from({ length: 64 }, (): [number, number, number] => [22, 163, 74])))],
  ])('stores a %s as a WebP path relative to img_upload_url, served at /uploads', async (_format, name, type, make) => {
    const reply = await upload(await make(), name, type);
    expect(reply.status).toBe(0);
    expect(reply.data).toEqual([expect.stringMatching(new RegExp(`^covers/${anchor.id}-[0-9a-f]{20}\\.webp$`))]);
    const stored = path.join(getEnv().dataDir, 'uploads', reply.data[0]);
    expect(fs.existsSync(stored)).toBe(true);
    const served = await serve(reply.data[0]);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('webp');
  });

  it('keeps a big picture under 1280 px on its long side', async () => {
    const reply = await upload(await picture(2400, 1200, 'jpeg'), 'wide.jpg', 'image/jpeg');
    const metadata = await sharp(path.join(getEnv().dataDir, 'uploads', reply.data[0])).metadata();
    expect([metadata.width, metadata.height]).toEqual([1280, 640]);
  });

  it.each([
    ['a .jfif file, although its bytes are JPEG', async () => picture(64, 64, 'jpeg'), 'photo.jfif', 'image/jpeg'],
    ['a WebP (not one of the four types)', async () => picture(64, 64, 'webp'), 'cover.webp', 'image/webp'],
    ['text named .png', async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'cover.png', 'image/png'],
    ['a truncated PNG', async () => (await picture(64, 64, 'png')).subarray(0, 40), 'cover.png', 'image/png'],
    ['bytes starting like a BMP that are not one', async () => Buffer.concat([Buffer.from('BM'), Buffer.alloc(100, 7)]), 'cover.bmp', 'image/bmp'],
  ])('refuses %s', async (_case, make, name, type) => {
    const reply = await upload(await make(), name, type);
    expect(reply).toMatchObject({ status: 1, msg: 'Only JPG, GIF, PNG and BMP images can be uploaded', data: null });
  });

  it('refuses 2 MB or more', async () => {
    const big = Buffer.concat([await picture(64, 64, 'png'), Buffer.alloc(2 * 1024 * 1024)]);
    expect(await upload(big, 'big.png', 'image/png')).toMatchObject({ status: 1, msg: 'The image must be smaller than 2 MB' });
  });

  it('refuses a form without a file', async () => {
    expect(await callRoute(uploadCover, { credential: anchor.credential, body: {} })).toMatchObject({ status: 1, msg: 'Please choose an image' });
  });

  it('is for anchors: a viewer and a visitor are refused', async () => {
    expect(await upload(await picture(64, 64, 'png'), 'a.png', 'image/png', viewer)).toMatchObject({ status: 1, msg: 'You do not have permission to do this.' });
    expect(await callRoute(uploadCover, { body: {} })).toMatchObject({ status: 2 });
  });
});

describe('/api/oss_sts', () => {
  it('answers status 1 "Object storage is not configured" with the local-disk default', async () => {
    expect(await callRoute(ossSts, { credential: anchor.credential })).toMatchObject({ status: 1, msg: 'Object storage is not configured', data: null });
    expect(await callRoute(ossSts, { credential: anchor.credential, headers: { lang: 'zh_cn' } })).toMatchObject({ msg: '未配置对象存储' });
  });
});

describe('Alibaba Cloud STS and OSS signing', () => {
  it('percent-encodes as the RPC signature requires (RFC 3986, no + for spaces)', () => {
    expect(percentEncode("a b*c'(d)~e!")).toBe('a%20b%2Ac%27%28d%29~e%21');
    expect(percentEncode('2024-01-01T00:00:00Z')).toBe('2024-01-01T00%3A00%3A00Z');
  });

  it('signs the sorted, encoded query with HMAC-SHA1 keyed by the secret and "&"', () => {
    const crypto = jest.requireActual<typeof import('node:crypto')>('node:crypto');
    const params = { Version: '2015-04-01', Action: 'AssumeRole', Timestamp: '2024-01-01T00:00:00Z' };
    const expected = crypto
      .createHmac('sha1', 'secret&')
      .update('GET&%2F&Action%3DAssumeRole%26Timestamp%3D2024-01-01T00%253A00%253A00Z%26Version%3D2015-04-01')
      .digest('base64');
    expect(signRpcQuery(params, 'secret')).toBe(expected);
  });

  it('asks STS for credentials limited to one upload and answers the spec’s fields', async () => {
    const seen: URL[] = [];
    const server = http.createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://sts.test');
      seen.push(url);
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          RequestId: 'r1',
          Credentials: { AccessKeyId: 'STS.tmp', AccessKeySecret: 'tmp-secret', SecurityToken: 'token-1', Expiration: '2030-01-01T00:15:00Z' },
        }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const settings: OssSettings = {
      region: 'oss-cn-hangzhou',
      bucket: 'sportcast-covers',
      accessKeyId: 'LTAIkey',
      accessKeySecret: 'main-secret',
      roleArn: 'acs:ram::1234567890:role/uploader',
      stsEndpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      publicUrl: 'https://img.example.com',
    };
    try {
      const credentials = await assumeRoleForUpload(settings, 42, new Date('2030-01-01T00:00:00Z'));
      expect(credentials).toEqual({
        Credentials: { AccessKeyId: 'STS.tmp', AccessKeySecret: 'tmp-secret', SecurityToken: 'token-1' },
        ExpiredTime: Math.floor(Date.parse('2030-01-01T00:15:00Z') / 1000),
        bucket: 'sportcast-covers',
        region: 'oss-cn-hangzhou',
        filename: expect.stringMatching(/^42-[0-9a-f]{24}$/),
        url_prefix: 'https://img.example.com/',
      });
      const query = Object.fromEntries(seen[0].searchParams);
      expect(query).toMatchObject({ Action: 'AssumeRole', Version: '2015-04-01', Format: 'JSON', AccessKeyId: 'LTAIkey', RoleArn: settings.roleArn, DurationSeconds: '900', Timestamp: '2030-01-01T00:00:00Z' });
      const { Signature, ...signed } = query;
      expect(Signature).toBe(signRpcQuery(signed, 'main-secret'));
      expect(JSON.parse(query.Policy)).toEqual({
        Version: '1',
        Statement: [{ Effect: 'Allow', Action: ['oss:PutObject'], Resource: [`acs:oss:*:*:sportcast-covers/images/${credentials.filename}*`] }],
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('signs an OSS PUT over verb, MD5, type, date and /bucket/key', () => {
    const crypto = jest.requireActual<typeof import('node:crypto')>('node:crypto');
    const settings: OssSettings = { region: 'oss-cn-hangzhou', bucket: 'b', accessKeyId: 'id', accessKeySecret: 's', roleArn: 'acs:ram::1:role/r', stsEndpoint: 'https://sts.aliyuncs.com', publicUrl: 'https://b.example.com' };
    const header = ossAuthorization(settings, 'PUT', 'images/a.webp', 'image/webp', 'md5==', 'Wed, 01 Jan 2030 00:00:00 GMT');
    const expected = crypto.createHmac('sha1', 's').update('PUT\nmd5==\nimage/webp\nWed, 01 Jan 2030 00:00:00 GMT\n/b/images/a.webp').digest('base64');
    expect(header).toBe(`OSS id:${expected}`);
  });
});
