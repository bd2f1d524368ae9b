// Uploads under attack (issue 28's hardening, figures in docs/hardening.md). Every upload route (cover, avatar, ID
// photo, private-chat image) gets the multipart bodies an attacker sends: a file one byte under and at the size
// limit, a body over the route's cap, pictures with lying types, names such as a.jpg.php, x%00.jpg and ../../x,
// 10 000 parts, a pixel flood (a tiny PNG claiming 30 000 × 30 000), SVG with script, broken boundaries. Each
// answer is status 1 with a message in the user's language, or status 0 with a picture stored under a name the
// server chose; never a 5xx, never a file outside the uploads folder, never a stored file for a refused request.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { NextRequest } from 'next/server';
import { POST as coverUpload } from '@/app/api/user/file/route';
import { POST as avatarUpload } from '@/app/api/user/uploadAvatar/route';
import { POST as idPhotoUpload } from '@/app/api/anchor/uploadIdPhoto/route';
import { POST as chatImageUpload } from '@/app/api/privateChat/upload/route';
import { getDb } from '@/lib/db';
import { getEnv } from '@/lib/env';
import { log } from '@/lib/server/log';
import { avatarMaxBytes } from '@/lib/validation/auth';
import { coverMaxBytes } from '@/lib/validation/live';
import { accountWithRole, picture, type Account } from './live-helpers';

type Handler = (request: NextRequest) => Promise<Response>;
type Reply = { status: number; msg: string; data: unknown };

let anchor: Account;
// Other test files of the same worker share the data folder: only what this file stores is judged here.
let storedBefore: Set<string>;

beforeAll(async () => {
  await getDb();
  anchor = await accountWithRole('1376', 'anchor');
  storedBefore = filesUnder(path.join(getEnv().dataDir, 'uploads'));
}, 60_000);

const routes: { name: string; handler: Handler; maxBytes: number }[] = [
  { name: 'user/file', handler: coverUpload as Handler, maxBytes: coverMaxBytes },
  { name: 'user/uploadAvatar', handler: avatarUpload as Handler, maxBytes: avatarMaxBytes },
  { name: 'anchor/uploadIdPhoto', handler: idPhotoUpload as Handler, maxBytes: coverMaxBytes },
  { name: 'privateChat/upload', handler: chatImageUpload as Handler, maxBytes: coverMaxBytes },
];

/** Every file under the data directory, so that a file written anywhere (not only under uploads/) is seen. */
function filesUnder(dir: string): Set<string> {
  const found = new Set<string>();
  const walk = (at: string) => {
    for (const entry of fs.existsSync(at) ? fs.readdirSync(at, { withFileTypes: true }) : []) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) walk(full);
      else found.add(full);
    }
  };
  walk(dir);
  return found;
}

async function post(handler: Handler, body: BodyInit, contentType?: string, lang = 'zh-CN'): Promise<{ http: number; reply: Reply }> {
  const headers = new Headers({ host: 'localhost:3000', authorization: `Bearer ${anchor.credential}`, lang });
  if (contentType) headers.set('content-type', contentType);
  const response = await handler(new NextRequest('http://localhost:3000/api/upload', { method: 'POST', headers, body }));
  return { http: response.status, reply: (await response.json()) as Reply };
}

function form(parts: { name?: string; bytes: Buffer; type: string; filename?: string }[]): FormData {
  const data = new FormData();
  for (const part of parts) data.append(part.name ?? 'file', new Blob([new Uint8Array(part.bytes)], { type: part.type }), part.filename ?? 'photo.jpg');
  return data;
}

/** A real JPEG padded with bytes after its end marker to exactly `size` bytes (decoders stop at the marker). */
async function jpegOfSize(size: number): Promise<Buffer> {
  const image = await picture(64, 64, 'jpeg');
  return Buffer.concat([image, Buffer.alloc(size - image.length, 0)]);
}

/** A valid PNG of 1 × 1 whose header says 30 000 × 30 000 (the CRC is left wrong on purpose, as attackers do). */
async function pixelFlood(): Promise<Buffer> {
  const png = await picture(1, 1, 'png');
  png.writeUInt32BE(30_000, 16);
  png.writeUInt32BE(30_000, 20);
  return png;
}

const chineseText = /[\u4e00-\u9fff]/;

describe.each(routes)('POST /api/$name under attack', ({ handler, maxBytes }) => {
  const root = () => getEnv().dataDir;

  it('stores a picture one byte under the limit under a name of its own, and refuses one at the limit', async () => {
    // The name climbs out of the folder: the server names the file itself.
    const under = await post(handler, form([{ bytes: await jpegOfSize(maxBytes - 1), type: 'image/jpeg', filename: '../../evil.jpg' }]));
    expect(under.reply).toMatchObject({ status: 0 });
    expect(JSON.stringify(under.reply.data)).not.toMatch(/evil|\.\./);
    const before = filesUnder(root());
    const at = await post(handler, form([{ bytes: await jpegOfSize(maxBytes), type: 'image/jpeg' }]));
    expect(at.reply.status).toBe(1);
    expect(at.reply.msg).toMatch(chineseText);
    expect(filesUnder(root())).toEqual(before);
  });

  it('refuses every hostile body with a message in the user\'s language, and stores nothing', async () => {
    const png = await picture(32, 32, 'png');
    const php = Buffer.from('<?php system($_GET["c"]); ?>');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const manyParts = new FormData();
    for (let index = 0; index < 10_000; index += 1) manyParts.append(`f${index}`, 'x');
    const cases: [string, () => Promise<{ http: number; reply: Reply }>][] = [
      ['PHP named a.jpg.php and typed as a JPEG', async () => post(handler, form([{ bytes: php, type: 'image/jpeg', filename: 'a.jpg.php' }]))],
      ['PHP named x%00.jpg', async () => post(handler, form([{ bytes: php, type: 'image/jpeg', filename: 'x%00.jpg' }]))],
      ['SVG with a script, typed as a PNG', async () => post(handler, form([{ bytes: svg, type: 'image/png', filename: 'x.png' }]))],
      ['SVG typed as SVG', async () => post(handler, form([{ bytes: svg, type: 'image/svg+xml', filename: 'x.svg' }]))],
      ['a pixel flood', async () => post(handler, form([{ bytes: await pixelFlood(), type: 'image/png', filename: 'flood.png' }]))],
      ['a truncated PNG', async () => post(handler, form([{ bytes: png.subarray(0, png.length / 2), type: 'image/png' }]))],
      ['an empty file', async () => post(handler, form([{ bytes: Buffer.alloc(0), type: 'image/png' }]))],
      ['the file under another field name', async () => post(handler, form([{ name: 'photo', bytes: png, type: 'image/png' }]))],
      ['10 000 parts and no file', async () => post(handler, manyParts)],
      ['a body over the route\'s cap', async () => post(handler, form([{ bytes: Buffer.alloc(maxBytes + 128 * 1024, 1), type: 'image/png' }]))],
      ['a boundary that never closes', async () => post(handler, `--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${png.toString('latin1')}`, 'multipart/form-data; boundary=b')],
      ['a boundary other than the declared one', async () => post(handler, `--other\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nx\r\n--other--\r\n`, 'multipart/form-data; boundary=b')],
      ['multipart without a boundary', async () => post(handler, 'x', 'multipart/form-data')],
      ['JSON instead of a form', async () => post(handler, JSON.stringify({ file: png.toString('base64') }), 'application/json')],
    ];
    const failures: string[] = [];
    // A thrown error is answered with a generic status 1 and logged as "request failed": this API's 5xx.
    const thrown = jest.spyOn(log, 'error').mockImplementation(() => undefined);
    for (const [label, send] of cases) {
      const before = filesUnder(root());
      thrown.mockClear();
      const { http, reply } = await send();
      if (thrown.mock.calls.length > 0) failures.push(`${label}: threw ${JSON.stringify(thrown.mock.calls[0]).slice(0, 200)}`);
      if (http >= 500 || reply.status !== 1 || !chineseText.test(reply.msg)) failures.push(`${label}: HTTP ${http} ${JSON.stringify(reply).slice(0, 160)}`);
      const added = [...filesUnder(root())].filter((file) => !before.has(file));
      if (added.length > 0) failures.push(`${label}: stored ${added.join(', ')}`);
    }
    thrown.mockRestore();
    expect(failures).toEqual([]);
  });

  it('answers in English for an English reader', async () => {
    const { reply } = await post(handler, form([{ bytes: Buffer.from('not a picture'), type: 'image/png' }]), undefined, 'en-US');
    expect(reply.status).toBe(1);
    expect(reply.msg).toMatch(/^[\x20-\x7e]+$/);
  });
});

it('keeps every upload it stored a picture under uploads/ with a server-chosen name', async () => {
  const uploads = path.join(getEnv().dataDir, 'uploads');
  const stored = [...filesUnder(uploads)].filter((file) => !storedBefore.has(file));
  expect(stored.length).toBeGreaterThan(0);
  for (const file of stored) {
    expect(path.basename(file)).toMatch(/^[A-Za-z0-9][A-Za-z0-9_-]*\.(webp|jpg|jpeg|png)$/);
    const metadata = await sharp(fs.readFileSync(file)).metadata();
    expect(['webp', 'jpeg', 'png']).toContain(metadata.format);
  }
});
