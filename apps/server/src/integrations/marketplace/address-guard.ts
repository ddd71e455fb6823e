import { isIP } from 'node:net';

/**
 * Which addresses the platform may fetch a marketplace's file from (decision 0064): public
 * internet addresses only. A URL in an order (a buyer's image) is the vendor's — or whoever
 * wrote the order's data — so without this a crafted order could make the server read its own
 * loopback services, the private network or the cloud's metadata endpoint (SSRF).
 *
 * The ranges are IANA's special-purpose registries (IPv4 and IPv6) — everything not globally
 * reachable — plus the shared (CGNAT) range, where some clouds put their metadata service
 * (100.100.100.200). IPv6 forms that carry an IPv4 address (IPv4-mapped `::ffff:a.b.c.d`, NAT64
 * `64:ff9b::/96`, 6to4 `2002::/16`) are judged by that IPv4 address.
 */

/** Why an address is refused; null when it is a public address. */
export type BlockedRange =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'shared'
  | 'link_local'
  | 'multicast'
  | 'reserved'
  | 'documentation';

type Rule = readonly [prefix: bigint, bits: number, range: BlockedRange];

function v4Number(address: string): number {
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

const V4_RULES: ReadonlyArray<readonly [string, number, BlockedRange]> = [
  ['0.0.0.0', 8, 'unspecified'], // "this network"
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'shared'], // carrier-grade NAT; Alibaba Cloud's metadata 100.100.100.200
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link_local'], // incl. the metadata service 169.254.169.254
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'reserved'], // IETF protocol assignments
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, 'reserved'], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'reserved'], // benchmarking
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'], // incl. the broadcast 255.255.255.255
];

/** The range of an IPv4 address in dotted form, or null when it is public. */
function v4Range(address: string): BlockedRange | null {
  const n = v4Number(address);
  for (const [base, bits, range] of V4_RULES) {
    const size = 2 ** (32 - bits);
    const start = v4Number(base);
    if (n >= start && n < start + size) return range;
  }
  return null;
}

/** The 128-bit value of an IPv6 address (any textual form node:net accepts). */
function v6Number(address: string): bigint {
  let text = address;
  // A trailing dotted IPv4 (::ffff:1.2.3.4, ::1.2.3.4) becomes two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const n = v4Number(dotted[1]!);
    text = `${text.slice(0, dotted.index)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...tailGroups];
  return groups.reduce((n, g) => (n << 16n) | BigInt(parseInt(g || '0', 16)), 0n);
}

const v6 = (text: string, bits: number, range: BlockedRange): Rule => [v6Number(text), bits, range];

const V6_RULES: readonly Rule[] = [
  v6('::', 128, 'unspecified'),
  v6('::1', 128, 'loopback'),
  v6('::', 96, 'reserved'), // IPv4-compatible (deprecated)
  v6('64:ff9b:1::', 48, 'private'), // local-use NAT64
  v6('100::', 64, 'reserved'), // discard-only
  v6('2001::', 23, 'reserved'), // IETF protocol assignments (Teredo, benchmarking, ORCHID)
  v6('2001:db8::', 32, 'documentation'),
  v6('3fff::', 20, 'documentation'),
  v6('5f00::', 16, 'reserved'), // SRv6 SIDs
  v6('fc00::', 7, 'private'), // unique local, incl. AWS's metadata fd00:ec2::254
  v6('fe80::', 10, 'link_local'),
  v6('fec0::', 10, 'private'), // site-local (deprecated)
  v6('ff00::', 8, 'multicast'),
];

const inPrefix = (n: bigint, prefix: bigint, bits: number) =>
  n >> BigInt(128 - bits) === prefix >> BigInt(128 - bits);

function v4Of(n: bigint, shift: number): string {
  const v = Number((n >> BigInt(shift)) & 0xffffffffn);
  return [v >>> 24, (v >>> 16) & 255, (v >>> 8) & 255, v & 255].join('.');
}

/** The range of an IPv6 address, judging the IPv4 address it carries by IPv4's rules. */
function v6Range(address: string): BlockedRange | null {
  const n = v6Number(address.replace(/%.*$/, '')); // a zone id (fe80::1%eth0) names an interface
  if (inPrefix(n, v6Number('::ffff:0:0'), 96)) return v4Range(v4Of(n, 0)); // IPv4-mapped
  if (inPrefix(n, v6Number('64:ff9b::'), 96)) return v4Range(v4Of(n, 0)); // NAT64
  if (inPrefix(n, v6Number('2002::'), 16)) return v4Range(v4Of(n, 80)); // 6to4
  for (const [prefix, bits, range] of V6_RULES) if (inPrefix(n, prefix, bits)) return range;
  return null;
}

/**
 * Why `address` (an IP literal, IPv4 or IPv6, brackets allowed) may not be fetched from, or null
 * for a public address. Anything that is not an IP address is refused as `reserved`.
 */
export function blockedRange(address: string): BlockedRange | null {
  const bare = address.replace(/^\[(.*)\]$/, '$1');
  const kind = isIP(bare.replace(/%.*$/, ''));
  if (kind === 4) return v4Range(bare);
  if (kind === 6) return v6Range(bare);
  return 'reserved';
}
