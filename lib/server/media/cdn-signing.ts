// Signed play addresses for a CDN in front of the external media server (docs/live.md "CDN signing"). The edge
// checks the signature itself and never asks our play hook, so an HD or paid address carries the CDN's own
// scheme instead of our viewer token: Tencent Cloud Live's hotlink protection (txSecret/txTime) or Alibaba Cloud
// CDN's type A authentication (auth_key). Both follow the providers' documented algorithms; the documents'
// examples are the test vectors in tests/unit/media/cdn-signing.test.ts.
import crypto from 'node:crypto';

export type CdnSigning = { provider: 'tencent' | 'aliyun'; key: string };

const md5 = (text: string) => crypto.createHash('md5').update(text, 'utf8').digest('hex');

/** Tencent: txTime is the expiry as upper-case hex Unix seconds, txSecret = MD5(key + StreamName + txTime). */
export function tencentHotlinkQuery(input: { key: string; streamName: string; expiresAt: number }): { txSecret: string; txTime: string } {
  const txTime = Math.floor(input.expiresAt).toString(16).toUpperCase();
  return { txSecret: md5(`${input.key}${input.streamName}${txTime}`), txTime };
}

/**
 * Alibaba Cloud type A: auth_key = timestamp-rand-uid-MD5("URI-timestamp-rand-uid-PrivateKey"), where timestamp is
 * when the address was issued (the CDN adds the validity set in its console), rand a one-time nonce and uid the
 * viewer (0 when unused).
 */
export function aliyunAuthKeyA(input: { key: string; path: string; issuedAt: number; rand: string; uid: string }): string {
  const timestamp = String(Math.floor(input.issuedAt));
  const hash = md5(`${input.path}-${timestamp}-${input.rand}-${input.uid}-${input.key}`);
  return `${timestamp}-${input.rand}-${input.uid}-${hash}`;
}

/** The stream name Tencent signs: the address's last path segment without its extension (`abc_720.flv` → `abc_720`). */
function streamNameOf(pathname: string): string {
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  const dot = last.lastIndexOf('.');
  return decodeURIComponent(dot > 0 ? last.slice(0, dot) : last);
}

/** `url` with the CDN's signature for one viewer, valid from `issuedAt` to `expiresAt` (Unix seconds). */
export function signCdnUrl(
  signing: CdnSigning,
  url: string,
  grant: { viewerId: number; issuedAt: number; expiresAt: number },
  rand: () => string = () => crypto.randomBytes(16).toString('hex'),
): string {
  const parsed = new URL(url);
  if (signing.provider === 'tencent') {
    const { txSecret, txTime } = tencentHotlinkQuery({ key: signing.key, streamName: streamNameOf(parsed.pathname), expiresAt: grant.expiresAt });
    parsed.searchParams.set('txSecret', txSecret);
    parsed.searchParams.set('txTime', txTime);
  } else {
    // The URI is signed as sent, percent-encoded, which is how URL keeps its pathname.
    parsed.searchParams.set('auth_key', aliyunAuthKeyA({ key: signing.key, path: parsed.pathname, issuedAt: grant.issuedAt, rand: rand(), uid: String(grant.viewerId) }));
  }
  return parsed.toString();
}
