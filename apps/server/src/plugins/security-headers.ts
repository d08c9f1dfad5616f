import helmet, { type FastifyHelmetRouteOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

type SecurityHeadersOptions = { https: boolean };

/**
 * Other sites a page may load from, only when the store uses them: the card provider's card form
 * (Stripe.js, its frames and API) when card payments are set up, and the captcha widget when the contact
 * form requires one.
 */
export type PageThirdParties = { cardForm: boolean; captcha: boolean };

const CARD_FORM = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};
const CAPTCHA = {
  script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frame: ['https://www.google.com/recaptcha/'],
  connect: [],
};

/**
 * The headers of an HTML page: scripts run only from our origin or with the per-response nonce that the
 * server-rendered pages put on their inline bootstrap script, plus the third parties the store uses.
 * Given to the page route (web-app.ts).
 */
export function pageSecurityHeaders(
  { https }: SecurityHeadersOptions,
  thirdParties: PageThirdParties = { cardForm: false, captcha: false },
): FastifyHelmetRouteOptions['helmet'] {
  const used = [thirdParties.cardForm && CARD_FORM, thirdParties.captcha && CAPTCHA].filter(
    (party): party is typeof CARD_FORM => party !== false,
  );
  const frames = used.flatMap((party) => party.frame);
  return {
    enableCSPNonces: true,
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...used.flatMap((party) => party.script)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", ...used.flatMap((party) => party.connect)],
        ...(frames.length > 0 && { frameSrc: frames }),
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
