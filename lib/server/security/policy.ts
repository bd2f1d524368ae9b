import 'server-only';
// What the browser may load and do on our pages and API answers (docs/security.md, "Security headers").
// Pages rendered per request get a fresh script nonce ('strict-dynamic' lets Next's chunk loader add the
// rest); pages served from a shared cache (ISR, the micro-cache) were rendered without one, so their scripts
// are allowed as 'self' + inline. Everything else is the same for both.
import crypto from 'node:crypto';
import type { Env } from '@/lib/env';

export function newNonce(): string {
  return crypto.randomBytes(16).toString('base64');
}

/** The request header through which Next.js learns the nonce to put on its scripts. */
export function nonceRequestHeader(nonce: string): string {
  return `script-src 'nonce-${nonce}' 'strict-dynamic'`;
}

const origin = (url: string) => new URL(url).origin;

/**
 * Where a page on `hostname` plays video from and uploads to: the embedded media server is another port of
 * the page's host (any port: HTTP-FLV and HLS, or what MEDIA_PUBLIC_URL names), an external one is what its
 * templates name; OSS uploads go to the bucket's own host and its objects may come from a CDN.
 */
export function externalSources(env: Env, hostname: string): { media: string[]; uploads: string[]; images: string[] } {
  const media = new Set<string>();
  if (env.MEDIA_PUBLIC_URL) media.add(origin(env.MEDIA_PUBLIC_URL));
  for (const template of [env.MEDIA_FLV_URL_TEMPLATE, env.MEDIA_HLS_URL_TEMPLATE]) {
    if (template) media.add(origin(template.replace(/\{[a-z_]+\}/gi, 'x')));
  }
  if (media.size === 0) for (const scheme of ['http', 'https']) media.add(`${scheme}://${hostname}:*`);
  const uploads: string[] = [];
  const images: string[] = [];
  if (env.STORAGE === 'oss' && env.OSS_BUCKET && env.OSS_REGION) {
    uploads.push(origin(env.OSS_ENDPOINT ?? `https://${env.OSS_BUCKET}.${env.OSS_REGION}.aliyuncs.com`), `https://${env.OSS_BUCKET}.${env.OSS_REGION}.aliyuncs.com`);
    images.push(origin(env.OSS_PUBLIC_URL ?? `https://${env.OSS_BUCKET}.${env.OSS_REGION}.aliyuncs.com`));
  }
  return { media: [...media], uploads: [...new Set(uploads)], images };
}

export type PagePolicyOptions = {
  /** The nonce Next put on this response's scripts; absent for a page rendered for a shared cache. */
  nonce?: string;
  sources: { media: string[]; uploads: string[]; images: string[] };
  /** Next's development runtime evaluates code (React's debugging information). */
  dev?: boolean;
};

export function pagePolicy({ nonce, sources, dev }: PagePolicyOptions): string {
  // With a nonce, CSP3 browsers ignore 'unsafe-inline' and https: (kept for browsers before 'strict-dynamic').
  const scripts = nonce ? [`'nonce-${nonce}'`, "'strict-dynamic'", "'unsafe-inline'", 'https:'] : ["'self'", "'unsafe-inline'"];
  if (dev) scripts.push("'unsafe-eval'");
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', scripts],
    // Next inlines each page's CSS in <style> tags (experimental.inlineCss) and React sets style attributes.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...sources.images]],
    ['font-src', ["'self'", 'data:']],
    // mpegts.js fetches the FLV and hls.js the playlists and segments, then feed the <video> from a blob.
    ['media-src', ["'self'", 'blob:', ...sources.media]],
    ['connect-src', ["'self'", ...sources.media, ...sources.uploads]],
    ['worker-src', ["'self'", 'blob:']],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'self'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/** API answers, files and feeds are never documents to run: nothing may load from them or frame them. */
export const resourcePolicy = "default-src 'none'; frame-ancestors 'none'; sandbox";

/** The headers every response carries. HSTS only over HTTPS (browsers ignore it on http:, and localhost must stay reachable). */
export function fixedSecurityHeaders(secure: boolean): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self), fullscreen=(self), picture-in-picture=(self)',
    'cross-origin-opener-policy': 'same-origin-allow-popups',
    ...(secure ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}
