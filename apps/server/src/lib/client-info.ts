import { isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** Who is asking, as far as abuse limits and session records care. */
export type ClientInfo = { ip: string; userAgent?: string | undefined };

/** The client's address honours TRUST_PROXY, so behind a proxy it is the browser's, not the proxy's. */
export function clientInfo(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

/**
 * The network one client controls, for limits per address: an IPv4 address as it is (also when written
 * as an IPv4-mapped IPv6 address), an IPv6 address by its /64. A home or a rented server is routinely
 * given a whole /64, so counting single IPv6 addresses would hand one client billions of fresh ones.
 */
export function clientNetwork(ip: string): string {
  const address = ip.split('%')[0] ?? ip;
  if (!isIPv6(address)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  const [head = '', tail] = address.split('::');
  const leading = head === '' ? [] : head.split(':');
  let groups = leading;
  if (tail !== undefined) {
    const trailing = tail === '' ? [] : tail.split(':');
    // An embedded IPv4 address at the end fills two groups.
    const trailingGroups = trailing.reduce((sum, group) => sum + (group.includes('.') ? 2 : 1), 0);
    groups = [...leading, ...Array<string>(8 - leading.length - trailingGroups).fill('0'), ...trailing];
  }
  const prefix = groups.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}
