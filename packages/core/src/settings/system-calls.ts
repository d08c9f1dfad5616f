import { z } from 'zod';
import { defineCall } from '../contract/index.js';
import { CURRENCIES } from '../money/index.js';

export const publicConfigSchema = z.object({
  app_currency: z.enum(CURRENCIES),
  support_email: z.email(),
  captcha_required: z.boolean(),
  /** The captcha widget's public key, when the contact form requires a captcha. */
  recaptcha_site_key: z.string().nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

const readinessSchema = z.object({
  ready: z.boolean(),
  database: z.enum(['reachable', 'unreachable']),
  migrations: z.enum(['applied', 'pending', 'unknown']),
  draining: z.boolean(),
});
export type Readiness = z.infer<typeof readinessSchema>;

/** What every process answers about itself, and the settings the storefront needs first. */
export const systemCalls = {
  ping: defineCall({
    method: 'get',
    path: '/ping',
    tag: 'auth',
    summary: 'Liveness check',
    responses: { 200: z.object({ ok: z.literal(true), time: z.iso.datetime() }) },
  }),
  config: defineCall({
    method: 'get',
    path: '/config',
    tag: 'store',
    summary: 'Public store configuration',
    responses: { 200: publicConfigSchema },
  }),
  live: defineCall({
    method: 'get',
    path: '/health/live',
    tag: 'operations',
    summary: 'Liveness: the process answers',
    responses: { 200: z.object({ live: z.literal(true) }) },
  }),
  ready: defineCall({
    method: 'get',
    path: '/health/ready',
    tag: 'operations',
    summary: 'Readiness: database reachable, migrations applied, not draining',
    responses: { 200: readinessSchema, 503: readinessSchema },
  }),
};
