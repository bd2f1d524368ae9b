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
import { assumeRoleForUpload, createAliOssStorage, type OssSettings } from '@/lib/server/storage/ali-oss';
import { encodeCover } from '@/lib/server/storage/images';
import { coverUploadReply, uploadCredentialsReply } from '@/lib/validation/live';
import { callRoute } from '@/tests/support/call-route';
import { expectReplyShape } from '@/tests/support/reply-shape';
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
    expectReplyShape(coverUploadReply, reply.data);
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

describe('Alibaba Cloud STS and OSS (ali-oss against local stand-ins for the APIs)', () => {
  type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: Buffer };

  /** A local HTTP server answering every request with `reply`, recording what it was sent. */
  async function standIn(reply: { status?: number; type: string; body: string }) {
    const seen: Seen[] = [];
    const server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) });
        response.statusCode = reply.status ?? 200;
        response.setHeader('content-type', reply.type);
        response.end(reply.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { seen, url, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  const settingsFor = (overrides: Partial<OssSettings>): OssSettings => ({
    region: 'oss-cn-hangzhou',
    bucket: 'sportcast-covers',
    accessKeyId: 'LTAIkey',
    accessKeySecret: 'main-secret',
    roleArn: 'acs:ram::1234567890:role/uploader',
    stsEndpoint: 'https://sts.aliyuncs.com',
    publicUrl: 'https://img.example.com',
    ...overrides,
  });

  it('asks STS for credentials limited to one upload and answers the spec’s fields', async () => {
    const sts = await standIn({
      type: 'application/json',
      body: JSON.stringify({
        RequestId: 'r1',
        Credentials: { AccessKeyId: 'STS.tmp', AccessKeySecret: 'tmp-secret', SecurityToken: 'token-1', Expiration: '2030-01-01T00:15:00Z' },
      }),
    });
    try {
      const credentials = await assumeRoleForUpload(settingsFor({ stsEndpoint: sts.url }), 42);
      expect(credentials).toEqual({
        Credentials: { AccessKeyId: 'STS.tmp', AccessKeySecret: 'tmp-secret', SecurityToken: 'token-1' },
        ExpiredTime: Math.floor(Date.parse('2030-01-01T00:15:00Z') / 1000),
        bucket: 'sportcast-covers',
        region: 'oss-cn-hangzhou',
        filename: expect.stringMatching(/^42-[0-9a-f]{24}$/),
        url_prefix: 'https://img.example.com/',
      });
      // What /api/oss_sts answers with these credentials.
      expectReplyShape(uploadCredentialsReply, credentials);
      const form = Object.fromEntries(new URLSearchParams(sts.seen[0].body.toString()));
      expect(form).toMatchObject({ Action: 'AssumeRole', AccessKeyId: 'LTAIkey', RoleArn: 'acs:ram::1234567890:role/uploader', DurationSeconds: '900', RoleSessionName: 'upload-42' });
      expect(form.Signature).toBeTruthy();
      expect(JSON.parse(form.Policy)).toEqual({
        Version: '1',
        Statement: [
          {
            Effect: 'Allow',
            Action: ['oss:PutObject'],
            // The four names the browser client puts, and nothing else: no .html, no .svg, no sub-path.
            Resource: ['jpg', 'png', 'gif', 'bmp'].map((extension) => `acs:oss:*:*:sportcast-covers/images/${credentials.filename}.${extension}`),
          },
        ],
      });
    } finally {
      await sts.close();
    }
  });

  it('reports an STS refusal as an error rather than credentials', async () => {
    const sts = await standIn({ status: 403, type: 'application/json', body: JSON.stringify({ Code: 'NoPermission', Message: 'You are not authorized', RequestId: 'r2' }) });
    try {
      await expect(assumeRoleForUpload(settingsFor({ stsEndpoint: sts.url }), 42)).rejects.toThrow('NoPermission');
    } finally {
      await sts.close();
    }
  });

  /** A local bucket: HEAD, GET, PUT and DELETE of objects by path, with every request recorded. */
  async function bucketStandIn(objects: Map<string, Buffer>) {
    const seen: string[] = [];
    const server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const key = decodeURIComponent((request.url ?? '').split('?')[0].slice(1));
        seen.push(`${request.method} ${key}`);
        const stored = objects.get(key);
        if (request.method === 'PUT') objects.set(key, Buffer.concat(chunks));
        if (request.method === 'DELETE') objects.delete(key);
        const found = request.method === 'PUT' || request.method === 'DELETE' || stored;
        response.statusCode = found ? (request.method === 'DELETE' ? 204 : 200) : 404;
        if (stored && request.method !== 'DELETE') response.setHeader('content-length', stored.length);
        response.end(request.method === 'GET' && stored ? stored : undefined);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { seen, url, close: () => new Promise((resolve) => server.close(resolve)) };
  }

  const check = async (file: File) => ({ key: `covers/42-${'a'.repeat(20)}.webp`, bytes: (await encodeCover(file)).bytes, contentType: 'image/webp' });

  it('checks a browser upload when a live names it: re-encoded into the server’s own copy, the upload deleted', async () => {
    const upload = `images/42-${'b'.repeat(24)}.png`;
    const objects = new Map([[upload, await picture(64, 36, 'png')]]);
    const bucket = await bucketStandIn(objects);
    try {
      const storage = createAliOssStorage(settingsFor({ endpoint: bucket.url }));
      expect(await storage.resolveCoverUrl(`https://img.example.com/${upload}`, 42, check)).toBe(`https://img.example.com/images/42-${'a'.repeat(20)}.webp`);
      expect(objects.has(upload)).toBe(false);
      expect((await sharp(objects.get(`images/42-${'a'.repeat(20)}.webp`)).metadata()).format).toBe('webp');
      // The server's own copy is taken as it is.
      expect(await storage.resolveCoverUrl(`images/42-${'a'.repeat(20)}.webp`, 42, check)).toBe(`https://img.example.com/images/42-${'a'.repeat(20)}.webp`);
    } finally {
      await bucket.close();
    }
  });

  it('refuses an upload that is no picture (and deletes it), another user’s upload, and other names', async () => {
    const fake = `images/42-${'c'.repeat(24)}.png`;
    const foreign = `images/7-${'d'.repeat(24)}.png`;
    const objects = new Map([
      [fake, Buffer.from('<html><script>alert(1)</script></html>')],
      [foreign, await picture(64, 36, 'png')],
      ['images/page.html', Buffer.from('<html></html>')],
    ]);
    const bucket = await bucketStandIn(objects);
    try {
      const storage = createAliOssStorage(settingsFor({ endpoint: bucket.url }));
      await expect(storage.resolveCoverUrl(fake, 42, check)).rejects.toMatchObject({ key: 'live.upload.badType' });
      expect(objects.has(fake)).toBe(false);
      expect(await storage.resolveCoverUrl(foreign, 42, check)).toBeUndefined();
      expect(await storage.resolveCoverUrl('images/page.html', 42, check)).toBeUndefined();
      expect(bucket.seen.filter((request) => request.includes(foreign) || request.includes('page.html'))).toEqual([]);
      expect(objects.has(foreign)).toBe(true);
    } finally {
      await bucket.close();
    }
  });

  it('puts a checked cover into the bucket under images/ with a signed request', async () => {
    const oss = await standIn({ type: 'application/xml', body: '' });
    try {
      const storage = createAliOssStorage(settingsFor({ endpoint: oss.url }));
      const bytes = Buffer.from('webp-bytes');
      expect(await storage.put('covers/7-abc.webp', bytes, 'image/webp')).toBe('images/7-abc.webp');
      const [request] = oss.seen;
      expect(request.method).toBe('PUT');
      expect(request.url).toBe('/images/7-abc.webp');
      expect(request.headers.host).toBe('sportcast-covers.oss-cn-hangzhou.aliyuncs.com');
      expect(request.headers['content-type']).toBe('image/webp');
      expect(request.headers.authorization).toMatch(/^OSS LTAIkey:[A-Za-z0-9+/]+=*$/);
      expect(request.body.equals(bytes)).toBe(true);
    } finally {
      await oss.close();
    }
  });
});
