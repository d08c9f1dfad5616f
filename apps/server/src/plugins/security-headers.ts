import helmet, { type FastifyHelmetRouteOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

type SecurityHeadersOptions = { https: boolean };

/**
 * The headers of an HTML page: scripts run only from our origin or with the per-response nonce that the
 * server-rendered pages put on their inline bootstrap script. Given to the page route (web-app.ts).
 */
export function pageSecurityHeaders({ https }: SecurityHeadersOptions): FastifyHelmetRouteOptions['helmet'] {
  return {
    enableCSPNonces: true,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    crossOriginOpenerPolicy: true,
    originAgentCluster: true,
    referrerPolicy: true,
    xDnsPrefetchControl: true,
    xDownloadOptions: true,
    xFrameOptions: true,
    xPermittedCrossDomainPolicies: true,
    xXssProtection: true,
  };
}

/**
 * Every response gets what protects any body (no type sniffing, no reads from other sites' pages, HSTS
 * on https); what only a document uses (its script policy with fresh nonces, framing, referrer and
 * window isolation) goes on pages alone, not on each JSON answer and asset (decision 0019).
 */
async function securityHeaders(app: FastifyInstance, options: SecurityHeadersOptions) {
  await app.register(helmet, {
    enableCSPNonces: false,
    contentSecurityPolicy: false,
    crossOriginOpenerPolicy: false,
    crossOriginEmbedderPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
