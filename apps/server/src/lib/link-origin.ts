import type { FastifyRequest } from 'fastify';

/**
 * The origin links in the store's mail point to. PUBLIC_URL when it is set, and always in production:
 * there the Host header is the client's to choose, and a reset link addressed to a host of an attacker's
 * choosing would hand them the token. In development without PUBLIC_URL, the address the store was opened
 * at (another machine on the network, a forwarded port), which is where the person testing it reads mail.
 */
export function linkOrigin(request: FastifyRequest): string {
  const { config } = request.server;
  if (config.publicUrlConfigured || config.env === 'production') return config.publicUrl;
  try {
    const origin = new URL(`${request.protocol}://${request.host}`);
    return origin.pathname === '/' && !origin.username && !origin.password ? origin.origin : config.publicUrl;
  } catch {
    return config.publicUrl;
  }
}
