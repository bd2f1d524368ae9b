// Which address a request really comes from. X-Forwarded-For is believed only as far as it was written by a
// proxy listed in TRUSTED_PROXIES: walking from the socket's peer leftwards, each trusted hop vouches for the
// entry before it, and the first address not trusted is the client. A client that reaches the port directly
// can write what it likes into the header; it is ignored, as are its X-Forwarded-Proto and -Host.
import type http from 'node:http';
import net from 'node:net';

/** The address without IPv6 dressing: `::ffff:1.2.3.4` is 1.2.3.4, a zone or brackets are dropped; undefined when not an IP. */
export function plainAddress(value: string | undefined): string | undefined {
  const trimmed = value?.trim().replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '').toLowerCase();
  if (!trimmed || !net.isIP(trimmed)) return undefined;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(trimmed);
  return mapped ? mapped[1] : trimmed;
}

function isTrusted(address: string, trusted: net.BlockList): boolean {
  return trusted.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4');
}

/** The client's address: the peer, or the X-Forwarded-For entries that trusted proxies vouch for. */
export function clientAddress(peer: string | undefined, forwardedFor: string | undefined, trusted: net.BlockList): string {
  const hops = (forwardedFor ?? '').split(',');
  let client = plainAddress(peer);
  if (!client) return 'unknown';
  while (isTrusted(client, trusted) && hops.length > 0) {
    const previous = plainAddress(hops.pop());
    // A malformed entry stops the walk: the last proxy that vouched for anything is what we know.
    if (!previous) break;
    client = previous;
  }
  return client;
}

/**
 * Rewrites the forwarding headers of a request as it arrives at the Node server, before Next or the WebSocket
 * gateway read them: X-Forwarded-For becomes the one client address (lib/server/http/client-ip.ts reads it),
 * and X-Forwarded-Proto/-Host are dropped unless the peer is a trusted proxy.
 */
export function settleForwardedHeaders(request: http.IncomingMessage, trusted: net.BlockList): void {
  const forwarded = request.headers['x-forwarded-for'];
  const peer = request.socket.remoteAddress;
  request.headers['x-forwarded-for'] = clientAddress(peer, Array.isArray(forwarded) ? forwarded.join(',') : forwarded, trusted);
  const peerAddress = plainAddress(peer);
  if (!peerAddress || !isTrusted(peerAddress, trusted)) {
    delete request.headers['x-forwarded-proto'];
    delete request.headers['x-forwarded-host'];
  }
}

/**
 * The key rate limits count an address under: an IPv4 address as it is, an IPv6 address by its /64 network
 * (one subscriber, or one cloud machine, gets a whole /64 and could otherwise step through it).
 */
export function addressLimitKey(address: string): string {
  if (!net.isIPv6(address)) return address;
  const [head, tail = ''] = address.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const left = groups(head);
  const right = address.includes('::') ? groups(tail) : [];
  // An embedded IPv4 tail (64:ff9b::1.2.3.4) counts as two groups.
  const expand = (list: string[]) =>
    list.flatMap((group) => {
      if (!group.includes('.')) return [group];
      const [a, b, c, d] = group.split('.').map(Number);
      return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
    });
  const full = [...expand(left), ...Array(8 - expand(left).length - expand(right).length).fill('0'), ...expand(right)];
  return `${full.slice(0, 4).map((group) => parseInt(group, 16).toString(16)).join(':')}::/64`;
}
