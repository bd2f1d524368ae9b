// Shared by the live API tests: accounts in each role, multipart uploads, and pictures of each format.
import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import sharp from 'sharp';
import { getDb } from '@/lib/db';
import { users, type UserRole } from '@/lib/db/schema';
import type { Envelope } from '@/lib/server/http/errors';
import { credentialOf, newPhone, signInBySms } from '@/tests/support/auth';

export { encodeBmp } from './live-bmp';

export type Account = { id: number; mobile: string; credential: string };

/** A new account signed in by SMS, then given `role` as an operator would (user:role). */
export async function accountWithRole(prefix: string, role: UserRole = 'user'): Promise<Account> {
  const mobile = newPhone(prefix);
  const signedIn = await signInBySms(mobile);
  if (role !== 'user') await (await getDb()).update(users).set({ role }).where(eq(users.id, signedIn.id));
  return { id: signedIn.id, mobile, credential: credentialOf(signedIn) };
}

type Handler = (request: NextRequest) => Promise<Response>;

/** Posts `bytes` as the multipart field `file`, the way the cover and ID-photo inputs do. */
export async function uploadFile<T>(handler: Handler, credential: string, bytes: Buffer, name: string, type: string): Promise<Envelope<T>> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  const request = new NextRequest('http://localhost:3000/api/upload', {
    method: 'POST',
    headers: { host: 'localhost:3000', authorization: `Bearer ${credential}` },
    body: form,
  });
  return (await (await handler(request)).json()) as Envelope<T>;
}

export const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'gif' | 'webp') =>
  sharp({ create: { width, height, channels: 3, background: '#16a34a' } }).toFormat(format).toBuffer();

/** The start-live payload of spec §3 with sensible values; override what a test is about. */
export function startLivePayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Sunday football talk',
    category: 2,
    cateid: 201,
    stream: '',
    stream_name: '',
    thumb: '',
    thumb_y: '',
    room_type: 0,
    anchor_secret: '',
    price: 0,
    start_stamp: 0,
    match_id: 0,
    ticket: 0,
    enable_webrtc: 0,
    ticket_toogle: 0,
    ...overrides,
  };
}
