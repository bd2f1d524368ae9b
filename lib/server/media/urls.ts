import 'server-only';
// Building push and play addresses: for the embedded server from its ports and the page's host (or the
// MEDIA_*_PUBLIC_URL settings), for an external server from URL templates with {stream}, {key} placeholders.
import os from 'node:os';
import type { NextRequest } from 'next/server';
import type { Env } from '@/lib/env';
import { renditionStream } from './renditions';
import type { Rendition } from '@/lib/validation/live';
import { signCdnUrl } from './cdn-signing';
import type { HdPlayQuery } from './signing';
import type { PlayAddress, PushAddress, RequestSite } from './types';

export function requestSite(request: NextRequest): RequestSite {
  return siteFromHeaders(request.headers, request.nextUrl.protocol.replace(':', ''));
}

/** The same from a server component's `headers()`; `protocol` is used when no proxy names one. */
export function siteFromHeaders(headers: Headers, protocol: string): RequestSite {
  const host = headers.get('x-forwarded-host') ?? headers.get('host') ?? 'localhost';
  // "[::1]:3000" and "example.com:3000" alike: the part before the port.
  const hostname = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0];
  const proto = headers.get('x-forwarded-proto') ?? protocol;
  return { hostname: hostname || 'localhost', secure: proto === 'https' };
}

function withQuery(url: string, query: HdPlayQuery | undefined): string {
  if (!query || Object.keys(query).length === 0) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${new URLSearchParams(query).toString()}`;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * The host an encoder can reach for a page opened at `hostname`. Browsers send every `*.localhost` name to this
 * machine, but encoders (OBS, ffmpeg) ask the system resolver, which knows none of them: those become the
 * machine's first non-internal IPv4 address (reachable from the machine itself and its network), or the loopback
 * address without one. Any other name or address is what the anchor typed, so it is kept.
 */
export function encoderHost(hostname: string, interfaces: NodeJS.Dict<os.NetworkInterfaceInfo[]> = os.networkInterfaces()): string {
  if (!hostname.toLowerCase().endsWith('.localhost')) return hostname;
  for (const addresses of Object.values(interfaces)) {
    const external = addresses?.find((address) => address.family === 'IPv4' && !address.internal);
    if (external) return external.address;
  }
  return '127.0.0.1';
}

export function embeddedPushAddress(env: Env, stream: string, secret: string, site: RequestSite): PushAddress {
  const server = trimSlash(env.MEDIA_RTMP_PUBLIC_URL ?? `rtmp://${encoderHost(site.hostname)}:${env.MEDIA_RTMP_PORT}/live`);
  const key = `${stream}?key=${secret}`;
  return { push_url: `${server}/${key}`, push_server: server, push_key: key, web_rtc_push_url: '' };
}

export function embeddedPlayAddress(env: Env, stream: string, rendition: Rendition, site: RequestSite, options: { hls: boolean; query?: HdPlayQuery }): PlayAddress {
  // node-media-server speaks plain HTTP: behind HTTPS, MEDIA_PUBLIC_URL must name a TLS proxy in front of it.
  const base = trimSlash(env.MEDIA_PUBLIC_URL ?? `http://${site.hostname}:${env.MEDIA_HTTP_PORT}`);
  const name = renditionStream(stream, rendition);
  return {
    flv: withQuery(`${base}/live/${name}.flv`, options.query),
    // HLS is written by our ffmpeg pipeline and served by the web role, on the page's own origin.
    hls: options.hls ? withQuery(`/api/media/hls/${stream}/${rendition}/index.m3u8`, options.query) : '',
  };
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(stream|key|rendition)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}

export function templatePushAddress(env: Env, stream: string, secret: string): PushAddress {
  const template = env.MEDIA_PUSH_URL_TEMPLATE ?? '';
  const url = fill(template, { stream, key: secret });
  // OBS wants the server up to the application and the rest as the stream key.
  const at = url.indexOf(`/${stream}`);
  return {
    push_url: url,
    push_server: at > 0 ? url.slice(0, at) : url,
    push_key: at > 0 ? url.slice(at + 1) : '',
    web_rtc_push_url: env.MEDIA_WEBRTC_PUSH_URL_TEMPLATE ? fill(env.MEDIA_WEBRTC_PUSH_URL_TEMPLATE, { stream, key: secret }) : '',
  };
}

export function templatePlayAddress(env: Env, stream: string, rendition: Rendition, options: { hls: boolean; query?: HdPlayQuery }, now = Date.now()): PlayAddress {
  const values = { stream: renditionStream(stream, rendition), rendition };
  const { query } = options;
  // Behind a signing CDN the edge checks the address, so an HD one carries the CDN's signature, valid as long.
  const sign = (url: string) =>
    query && env.MEDIA_CDN_SIGNING !== 'none' && env.MEDIA_CDN_KEY
      ? signCdnUrl({ provider: env.MEDIA_CDN_SIGNING, key: env.MEDIA_CDN_KEY }, url, { viewerId: Number(query.uid), issuedAt: Math.floor(now / 1000), expiresAt: Number(query.exp) })
      : withQuery(url, query);
  return {
    // nginx-rtmp offers no HTTP-FLV: without a template the player goes straight to HLS.
    flv: env.MEDIA_FLV_URL_TEMPLATE ? sign(fill(env.MEDIA_FLV_URL_TEMPLATE, values)) : '',
    hls: env.MEDIA_HLS_URL_TEMPLATE ? sign(fill(env.MEDIA_HLS_URL_TEMPLATE, values)) : '',
  };
}
