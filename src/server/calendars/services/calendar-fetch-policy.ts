import { lookup as dnsLookup, type LookupAddress } from 'node:dns';

/**
 * Which addresses the calendar-feed fetcher may connect to. Feed URLs come from the owner, but a
 * URL (or a redirect, or a DNS answer) pointing at this machine or the private network would let
 * the server be used to probe it, so the fetcher resolves each host and refuses these addresses
 * unless ICS_ALLOW_PRIVATE_HOSTS=true (tests serving fixtures on localhost). `checkedLookup` is
 * the lookup that checks every address it returns (the feed fetcher's, after each redirect, and
 * the push sender's); the rest is pure.
 */

/** IPv4 ranges refused: [network, prefix length]. */
const PRIVATE_V4: Array<[number, number]> = [
  [0x00000000, 8], // 0.0.0.0/8 "this network"
  [0x0a000000, 8], // 10/8
  [0x64400000, 10], // 100.64/10 carrier-grade NAT
  [0x7f000000, 8], // 127/8 loopback
  [0xa9fe0000, 16], // 169.254/16 link-local (cloud metadata services live here)
  [0xac100000, 12], // 172.16/12
  [0xc0a80000, 16], // 192.168/16
  [0xc0000000, 24], // 192.0.0/24 IETF protocol assignments
  [0xc6120000, 15], // 198.18/15 benchmarking
  [0xe0000000, 4], // 224/4 multicast
  [0xf0000000, 4], // 240/4 reserved, with 255.255.255.255 broadcast
];

function parseV4(ip: string): number | null {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(part) || Number(part) > 255) return null;
    value = value * 256 + Number(part);
  }
  return value;
}

function isPrivateV4(value: number): boolean {
  return PRIVATE_V4.some(([network, bits]) => (value >>> (32 - bits)) === (network >>> (32 - bits)));
}

/** An IPv6 address as its 8 groups; null when it is not one. Accepts an embedded IPv4 tail. */
function parseV6(ip: string): number[] | null {
  let text = ip;
  let tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.', lastColon)) {
    const v4 = parseV4(text.slice(lastColon + 1));
    if (v4 === null) return null;
    tail = [v4 >>> 16, v4 & 0xffff];
    // Keep a '::' just before the IPv4 part ("::ffff:" -> "::ffff", "::" stays "::").
    const prefix = text.slice(0, lastColon + 1);
    text = prefix.endsWith('::') ? prefix : prefix.slice(0, -1);
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (s: string) => (s === '' ? [] : s.split(':'));
  const head = groups(halves[0]);
  const rest = halves.length === 2 ? groups(halves[1]) : [];
  if ([...head, ...rest].some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return null;
  const known = head.length + rest.length + tail.length;
  if (halves.length === 1 ? known !== 8 : known > 7) return null;
  const zeros: number[] = Array.from({ length: 8 - known }, () => 0);
  return [...head.map((g) => parseInt(g, 16)), ...zeros, ...rest.map((g) => parseInt(g, 16)), ...tail];
}

function isPrivateV6(g: number[]): boolean {
  const v4 = (hi: number, lo: number) => isPrivateV4(((hi << 16) | lo) >>> 0);
  const zeroUntil = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroUntil(7) && (g[7] === 0 || g[7] === 1)) return true; // :: and ::1
  if ((g[0] & 0xfe00) === 0xfc00) return true; // fc00::/7 unique local
  if ((g[0] & 0xffc0) === 0xfe80) return true; // fe80::/10 link-local
  if ((g[0] & 0xff00) === 0xff00) return true; // ff00::/8 multicast
  // ::ffff:0:0/96 IPv4-mapped, whatever the IPv4 address: no public name resolves to one, and the
  // socket would reach the IPv4 address behind it.
  if (zeroUntil(5) && g[5] === 0xffff) return true;
  if (g[0] === 0x64 && g[1] === 0xff9b && g[2] === 1) return true; // 64:ff9b:1::/48 NAT64 local use
  if (zeroUntil(6)) return v4(g[6], g[7]); // ::a.b.c.d IPv4-compatible (deprecated)
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4(g[6], g[7]); // 64:ff9b::/96 NAT64
  if (g[0] === 0x2002) return v4(g[1], g[2]); // 2002::/16 6to4
  return false;
}

/**
 * Whether `ip` (an address as a DNS lookup returns it, IPv4 or IPv6, optionally in brackets or
 * with a zone id) is loopback, private, link-local, carrier-grade NAT, "this network", IETF
 * protocol assignments, benchmarking, multicast, reserved or broadcast, IPv4-mapped, NAT64 local
 * use, or an IPv6 form of one of those. Anything that is not an IP address gives false: pass resolved addresses.
 */
export function isPrivateAddress(ip: string): boolean {
  const bare = ip.trim().replace(/^\[(.*)\]$/, '$1').replace(/%.*$/, '');
  const v4 = parseV4(bare);
  if (v4 !== null) return isPrivateV4(v4);
  if (!bare.includes(':')) return false;
  const v6 = parseV6(bare);
  return v6 !== null && isPrivateV6(v6);
}

/**
 * A DNS lookup for http(s) requests to addresses someone typed (calendar feeds, push services):
 * unless `allowPrivate`, a name that resolves into a private network fails with `EPRIVATE` and
 * `message`, so a request cannot be pointed at the server's own network.
 */
export function checkedLookup(allowPrivate: boolean, message = 'private address') {
  return (hostname: string, options: object, callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const list = addresses as LookupAddress[];
      if (!allowPrivate && list.some((a) => isPrivateAddress(a.address))) {
        const refused: NodeJS.ErrnoException = new Error(message);
        refused.code = 'EPRIVATE';
        return callback(refused, '', 0);
      }
      if ((options as { all?: boolean }).all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}
