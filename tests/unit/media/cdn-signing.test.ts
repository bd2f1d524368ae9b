/** @jest-environment node */
// CDN signing (docs/live.md): the providers' documented examples reproduce exactly, and a signed address carries
// what the edge checks and nothing it would refuse.
import crypto from 'node:crypto';
import { parseEnv } from '@/lib/env';
import { aliyunAuthKeyA, signCdnUrl, tencentHotlinkQuery } from '@/lib/server/media/cdn-signing';
import { templatePlayAddress } from '@/lib/server/media/urls';

const md5 = (text: string) => crypto.createHash('md5').update(text).digest('hex');

describe('Tencent Cloud Live hotlink protection', () => {
  it('reproduces the example of Tencent\'s "hotlink protection URL calculation" document', () => {
    // KEY e12c46f2612d5106e2034781ab261ca3, StreamName test, txTime 5C271099 → f85a2ab363fe4deaffef9754d79da6fe
    expect(tencentHotlinkQuery({ key: 'e12c46f2612d5106e2034781ab261ca3', streamName: 'test', expiresAt: 0x5c271099 })).toEqual({
      txSecret: 'f85a2ab363fe4deaffef9754d79da6fe',
      txTime: '5C271099',
    });
  });

  it('signs the stream name of the address (a rendition\'s own name), valid until the grant expires', () => {
    const signed = new URL(signCdnUrl({ provider: 'tencent', key: 'k'.repeat(32) }, 'https://play.example.com/live/10000002-abc_720.flv', { viewerId: 7, issuedAt: 1_800_000_000, expiresAt: 1_800_007_200 }));
    const txTime = (1_800_007_200).toString(16).toUpperCase();
    expect(signed.searchParams.get('txTime')).toBe(txTime);
    expect(signed.searchParams.get('txSecret')).toBe(md5(`${'k'.repeat(32)}10000002-abc_720${txTime}`));
    expect(signed.pathname).toBe('/live/10000002-abc_720.flv');
  });
});

describe('Alibaba Cloud CDN type A authentication', () => {
  it('reproduces the example of Alibaba Cloud\'s "Type A signing" document', () => {
    expect(aliyunAuthKeyA({ key: 'aliyuncdnexp1234', path: '/video/standard/test.mp4', issuedAt: 1444435200, rand: '0', uid: '0' })).toBe(
      '1444435200-0-0-23bf85053008f5c0e791667a313e28ce',
    );
  });

  it('signs the path as sent with a fresh nonce and the viewer as uid', () => {
    const signing = { provider: 'aliyun', key: 'aliyuncdnexp1234' } as const;
    const grant = { viewerId: 42, issuedAt: 1_800_000_000, expiresAt: 1_800_007_200 };
    const first = new URL(signCdnUrl(signing, 'https://cdn.example.com/live/s_480.m3u8', grant));
    const second = new URL(signCdnUrl(signing, 'https://cdn.example.com/live/s_480.m3u8', grant));
    const [timestamp, rand, uid, hash] = first.searchParams.get('auth_key')!.split('-');
    expect([timestamp, uid]).toEqual(['1800000000', '42']);
    expect(rand).toMatch(/^[0-9a-f]{32}$/);
    expect(hash).toBe(md5(`/live/s_480.m3u8-1800000000-${rand}-42-aliyuncdnexp1234`));
    expect(second.searchParams.get('auth_key')).not.toBe(first.searchParams.get('auth_key'));
  });
});

describe('play addresses behind a signing CDN', () => {
  const external = {
    MEDIA_SERVER: 'external',
    MEDIA_PUSH_URL_TEMPLATE: 'rtmp://push.example.com/live/{stream}?key={key}',
    MEDIA_FLV_URL_TEMPLATE: 'https://play.example.com/live/{stream}.flv',
    MEDIA_HLS_URL_TEMPLATE: 'https://play.example.com/live/{stream}.m3u8',
    MEDIA_HOOK_SECRET: 'h'.repeat(32),
  };
  const hdQuery = { uid: '7', sid: '3', exp: '1800007200', token: 't'.repeat(32) };

  it('gives an HD viewer the CDN\'s signature instead of our token, on both FLV and HLS', () => {
    const env = parseEnv({ ...external, MEDIA_CDN_SIGNING: 'tencent', MEDIA_CDN_KEY: 'k'.repeat(32) });
    const address = templatePlayAddress(env, 'abc', 'src', { hls: true, query: hdQuery }, 1_800_000_000_000);
    for (const url of [address.flv, address.hls]) {
      const parsed = new URL(url);
      expect(parsed.searchParams.get('txSecret')).toBe(md5(`${'k'.repeat(32)}abc${(1_800_007_200).toString(16).toUpperCase()}`));
      expect(parsed.searchParams.has('token')).toBe(false);
    }
  });

  it('leaves free renditions unsigned, and keeps our own token without a CDN', () => {
    const env = parseEnv({ ...external, MEDIA_CDN_SIGNING: 'aliyun', MEDIA_CDN_KEY: 'k'.repeat(32) });
    expect(templatePlayAddress(env, 'abc', '480', { hls: true }).flv).toBe('https://play.example.com/live/abc_480.flv');
    const plain = templatePlayAddress(parseEnv(external), 'abc', 'src', { hls: true, query: hdQuery });
    const ours = `uid=7&sid=3&exp=1800007200&token=${'t'.repeat(32)}`;
    expect(plain).toEqual({ flv: `https://play.example.com/live/abc.flv?${ours}`, hls: `https://play.example.com/live/abc.m3u8?${ours}` });
  });

  it('refuses a signing CDN without its key, without an external server, or with relative play templates', () => {
    expect(() => parseEnv({ ...external, MEDIA_CDN_SIGNING: 'tencent' })).toThrow(/MEDIA_CDN_KEY: is required/);
    expect(() => parseEnv({ MEDIA_CDN_SIGNING: 'aliyun', MEDIA_CDN_KEY: 'k'.repeat(32) })).toThrow(/MEDIA_CDN_SIGNING: needs MEDIA_SERVER=external/);
    expect(() => parseEnv({ ...external, MEDIA_HLS_URL_TEMPLATE: '/live/{stream}.m3u8', MEDIA_CDN_SIGNING: 'tencent', MEDIA_CDN_KEY: 'k'.repeat(32) })).toThrow(
      /MEDIA_HLS_URL_TEMPLATE: must be an absolute/,
    );
  });
});
