import type { FastifyRequest } from 'fastify';

/** Who is asking, as far as abuse limits and session records care. */
export type ClientInfo = { ip: string; userAgent?: string | undefined };

/** The client's address honours TRUST_PROXY, so behind a proxy it is the browser's, not the proxy's. */
export function clientInfo(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}
