import ipaddr from 'ipaddr.js';

type Range = { name: string; cidr: [ipaddr.IPv4 | ipaddr.IPv6, number] };

const range = (name: string, cidr: string): Range => ({ name, cidr: ipaddr.parseCIDR(cidr) });

/**
 * IPv4 ranges the store never fetches from: everything that is not a public unicast address
 * (IANA special-purpose registry). Cloud metadata services (169.254.169.254, Alibaba's 100.100.100.200,
 * Oracle's 192.0.0.192) sit inside link-local, CGNAT and IETF protocol assignments.
 */
const BLOCKED_IPV4: readonly Range[] = [
  range('unspecified', '0.0.0.0/8'),
  range('private', '10.0.0.0/8'),
  range('carrier-grade NAT', '100.64.0.0/10'),
  range('loopback', '127.0.0.0/8'),
  range('link-local and cloud metadata', '169.254.0.0/16'),
  range('private', '172.16.0.0/12'),
  range('IETF protocol assignments', '192.0.0.0/24'),
  range('documentation', '192.0.2.0/24'),
  range('6to4 relay', '192.88.99.0/24'),
  range('private', '192.168.0.0/16'),
  range('benchmarking', '198.18.0.0/15'),
  range('documentation', '198.51.100.0/24'),
  range('documentation', '203.0.113.0/24'),
  range('multicast', '224.0.0.0/4'),
  range('reserved and broadcast', '240.0.0.0/4'),
];

/**
 * IPv6 addresses outside global unicast (2000::/3) are all refused (loopback, unspecified, unique local
 * fc00::/7 with AWS's metadata fd00:ec2::254, link-local fe80::/10, multicast); these are refused inside it.
 */
const BLOCKED_GLOBAL_IPV6: readonly Range[] = [
  range('Teredo', '2001::/32'),
  range('IETF protocol assignments', '2001::/23'),
  range('documentation', '2001:db8::/32'),
  range('documentation', '3fff::/20'),
];
const GLOBAL_UNICAST_IPV6 = ipaddr.parseCIDR('2000::/3');

/** IPv6 forms that carry an IPv4 address, judged by that address: where the packets really go. */
const IPV4_EMBEDDING: readonly { cidr: [ipaddr.IPv6, number]; at: number }[] = [
  { cidr: ipaddr.IPv6.parseCIDR('::ffff:0:0/96'), at: 12 }, // IPv4-mapped
  { cidr: ipaddr.IPv6.parseCIDR('::/96'), at: 12 }, // IPv4-compatible (deprecated)
  { cidr: ipaddr.IPv6.parseCIDR('::ffff:0:0:0/96'), at: 12 }, // IPv4-translated (SIIT)
  { cidr: ipaddr.IPv6.parseCIDR('64:ff9b::/96'), at: 12 }, // NAT64 well-known prefix
  { cidr: ipaddr.IPv6.parseCIDR('2002::/16'), at: 2 }, // 6to4
];

/** NAT64's local-use prefix translates to whatever its operator chose: nothing to judge by. */
const LOCAL_NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b:1::/48');

/**
 * Why `address` (a literal IPv4 or IPv6 address in any spelling ipaddr.js reads) may not be fetched, or
 * undefined when it is a public unicast address. Anything unreadable is refused.
 */
export function blockedAddressReason(address: string): string | undefined {
  const text = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  // Zone ids (fe80::1%eth0) only ever name local links.
  if (text.includes('%')) return 'link-local';
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(text);
  } catch {
    return 'not an address';
  }
  return parsed.kind() === 'ipv4' ? ipv4Reason(parsed as ipaddr.IPv4) : ipv6Reason(parsed as ipaddr.IPv6);
}

function ipv4Reason(address: ipaddr.IPv4): string | undefined {
  return BLOCKED_IPV4.find(({ cidr }) => address.match(cidr))?.name;
}

function ipv6Reason(address: ipaddr.IPv6): string | undefined {
  if (address.match(LOCAL_NAT64)) return 'local NAT64';
  const embedding = IPV4_EMBEDDING.find(({ cidr }) => address.match(cidr));
  if (embedding) {
    const bytes = address.toByteArray().slice(embedding.at, embedding.at + 4);
    // ::1 and :: land in 0.0.0.0/8 this way, refused like every other embedded non-public address.
    return ipv4Reason(new ipaddr.IPv4(bytes));
  }
  if (!address.match(GLOBAL_UNICAST_IPV6)) return 'not global unicast';
  return BLOCKED_GLOBAL_IPV6.find(({ cidr }) => address.match(cidr))?.name;
}
