import 'server-only';
// One client's share of a per-address limit: an IPv4 address, or the /64 an IPv6 address belongs to (one
// subscriber is usually given a whole /64, so single IPv6 addresses would let one client be thousands).
import net from 'node:net';

function expandIpv6(address: string): number[] | undefined {
  const [head, tail, extra] = address.split('::');
  if (extra !== undefined) return undefined;
  const part = (text: string | undefined) => (text ? text.split(':') : []);
  const left = part(head);
  const right = part(tail);
  // A trailing dotted IPv4 (::ffff:1.2.3.4, 64:ff9b::1.2.3.4) is two hextets.
  const last = right.length > 0 ? right : left;
  const dotted = last.at(-1);
  if (dotted && net.isIPv4(dotted)) {
    const [a, b, c, d] = dotted.split('.').map(Number);
    last.splice(-1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 0) return undefined;
  return [...left, ...Array.from({ length: tail === undefined ? 0 : missing }, () => '0'), ...right].map((hextet) => Number.parseInt(hextet, 16));
}

/** `203.0.113.9` stays itself; `2001:db8:1:2:aa::1` becomes `2001:db8:1:2::/64`; an IPv4-mapped IPv6 address is its IPv4. */
export function addressKey(address: string): string {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!net.isIPv6(bare)) return bare;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return mapped[1];
  const hextets = expandIpv6(bare.toLowerCase());
  if (!hextets) return bare;
  return `${hextets
    .slice(0, 4)
    .map((hextet) => hextet.toString(16))
    .join(':')}::/64`;
}
