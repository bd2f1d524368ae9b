import 'server-only';
// The media side's secrets: push keys (anchor_secret) derived from the stream name, HD play tokens bound to a
// viewer, their sign-in session and an expiry, and tokens for our own ffmpeg pipelines. All are HMAC-SHA256 under one media key
// (MEDIA_SIGNING_SECRET, or derived from the session secret), each with its own label.
import crypto from 'node:crypto';
import { getEnv } from '@/lib/env';
import { getSessionSecret } from '@/lib/server/session/secret';

let cachedKey: Buffer | undefined;

function mediaKey(): Buffer {
  cachedKey ??= crypto
    .createHmac('sha256', getEnv().MEDIA_SIGNING_SECRET ?? getSessionSecret())
    .update('sportcast:media:v1')
    .digest();
  return cachedKey;
}

function mac(label: string, message: string, length = 32): string {
  return crypto.createHmac('sha256', mediaKey()).update(`${label}|${message}`).digest('hex').slice(0, length);
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

/** Stream names: the anchor id and a random part, e.g. 10000002-k3h5s9d0qa (safe in RTMP, URLs and file names). */
export function newStreamName(anchorId: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const random = Array.from(crypto.randomBytes(10), (byte) => alphabet[byte % alphabet.length]).join('');
  return `${anchorId}-${random}`;
}

export const streamNamePattern = /^[1-9]\d{0,15}-[a-z0-9]{10}$/;

/** The push key an encoder presents as `?key=`: only the server can make it, so a forged key is refused without a lookup. */
export function anchorSecretFor(stream: string): string {
  return mac('publish', stream);
}

export function isAnchorSecret(stream: string, secret: string | undefined): boolean {
  return typeof secret === 'string' && sameText(secret, anchorSecretFor(stream));
}

/** Our own ffmpeg pipelines pull the source and push renditions with this token instead of a push key. */
export function internalToken(streamName: string): string {
  return mac('internal', streamName);
}

export function isInternalToken(streamName: string, token: string | undefined): boolean {
  return typeof token === 'string' && sameText(token, internalToken(streamName));
}

export type HdPlayQuery = { uid: string; sid: string; exp: string; token: string };
export type HdViewer = { id: number; sessionId: number };

/**
 * The query of an HD play URL: the viewer, the sign-in session it was issued to (it stops working when that
 * session ends), the moment it stops being accepted (Unix s), and their MAC.
 */
export function signHdPlay(stream: string, viewer: HdViewer, now = Date.now()): HdPlayQuery {
  const exp = String(Math.floor(now / 1000) + getEnv().MEDIA_HD_URL_TTL_SECONDS);
  return { uid: String(viewer.id), sid: String(viewer.sessionId), exp, token: mac('hd-play', `${stream}|${viewer.id}|${viewer.sessionId}|${exp}`) };
}

export type HdPlayCheck = { ok: true; uid: number; sid: number } | { ok: false; reason: 'unsigned' | 'expired' | 'forged' };

type QueryValue = string | string[] | undefined;
const single = (value: QueryValue): string | undefined => (Array.isArray(value) ? value[0] : value);

/** Refuses an HD URL that is unsigned, past its expiry, or signed for another stream, viewer or session. */
export function checkHdPlay(stream: string, query: Record<string, QueryValue>, now = Date.now()): HdPlayCheck {
  const uid = single(query.uid);
  const sid = single(query.sid);
  const exp = single(query.exp);
  const token = single(query.token);
  if (!uid || !sid || !exp || !token || !/^\d{1,16}$/.test(uid) || !/^\d{1,16}$/.test(sid) || !/^\d{1,12}$/.test(exp)) return { ok: false, reason: 'unsigned' };
  if (!sameText(token, mac('hd-play', `${stream}|${uid}|${sid}|${exp}`))) return { ok: false, reason: 'forged' };
  if (Number(exp) * 1000 < now) return { ok: false, reason: 'expired' };
  return { ok: true, uid: Number(uid), sid: Number(sid) };
}
