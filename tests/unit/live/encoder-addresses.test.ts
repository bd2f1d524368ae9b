/** @jest-environment node */
// What the anchor's encoder is told and what is measured of it: the push host an encoder can resolve (a *.localhost
// page gets the machine's address), and the bitrate between two readings of the publisher's byte count.
import type os from 'node:os';
import { bitrateKbps } from '@/lib/server/media/encoder-stats';
import { encoderHost } from '@/lib/server/media/urls';

const address = (family: 'IPv4' | 'IPv6', value: string, internal: boolean): os.NetworkInterfaceInfo =>
  ({ family, address: value, internal, netmask: '', mac: '00:00:00:00:00:00', cidr: null }) as os.NetworkInterfaceInfo;

const machine = {
  lo: [address('IPv4', '127.0.0.1', true), address('IPv6', '::1', true)],
  eth0: [address('IPv6', 'fe80::1', false), address('IPv4', '192.168.1.20', false)],
  docker0: [address('IPv4', '172.17.0.1', false)],
};

describe('encoderHost', () => {
  it('replaces a *.localhost page host, which only browsers resolve, with the first external IPv4 address', () => {
    expect(encoderHost('zh.localhost', machine)).toBe('192.168.1.20');
    expect(encoderHost('QIUBA.LOCALHOST', machine)).toBe('192.168.1.20');
  });

  it('falls back to the loopback address on a machine without a network', () => {
    expect(encoderHost('zh.localhost', { lo: machine.lo })).toBe('127.0.0.1');
  });

  it('keeps a real name or address: the one the anchor opened the site with', () => {
    for (const host of ['localhost', 'qiuba.example', 'live.localhost.example', '203.0.113.9', '[2001:db8::1]']) expect(encoderHost(host, machine)).toBe(host);
  });
});

describe('bitrateKbps', () => {
  it('is the bits received per millisecond between two readings', () => {
    // 750 000 bytes in 2 s: 3 000 kbit/s.
    expect(bitrateKbps({ bytes: 1_000_000, at: 10_000 }, { bytes: 1_750_000, at: 12_000 })).toBe(3000);
  });

  it('is 0 without an earlier reading, without time passing, or when a new session restarted the count', () => {
    expect(bitrateKbps(undefined, { bytes: 5000, at: 1000 })).toBe(0);
    expect(bitrateKbps({ bytes: 1000, at: 1000 }, { bytes: 5000, at: 1000 })).toBe(0);
    expect(bitrateKbps({ bytes: 9000, at: 1000 }, { bytes: 5000, at: 3000 })).toBe(0);
  });
});
