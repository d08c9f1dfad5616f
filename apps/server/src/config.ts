import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CURRENCIES, DEFAULT_CURRENCY } from '@crossbuy/core/money';
import { DEFAULT_QUOTE_VALID_DAYS } from '@crossbuy/core/quotation';
import { z } from 'zod';

const booleanFlag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

// `host`, `host:port` or `[ipv6]:port` entries, comma-separated.
const OUTBOUND_HOST_LIST =
  /^\s*(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?\s*(,\s*(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?\s*)*$/i;

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  DATABASE_URL: optionalString,
  DATA_DIR: z.string().min(1).default('.data'),
  SESSION_SECRET: optionalString.pipe(z.string().min(32).optional()),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Crossbuy <no-reply@crossbuy.local>'),
  SUPPORT_EMAIL: z.email().default('support@crossbuy.local'),
  REDIS_URL: optionalString,
  REDIS_KEY_PREFIX: z.string().min(1).default('crossbuy:'),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_BASE: optionalString,
  RECAPTCHA_SECRET: optionalString,
  OUTBOUND_ALLOW_HOSTS: optionalString.pipe(
    z.string().regex(OUTBOUND_HOST_LIST, 'a comma-separated list of host or host:port entries').optional(),
  ),
  DEMO_DATA: booleanFlag.default(true),
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString,
  APP_CURRENCY: z.enum(CURRENCIES).default(DEFAULT_CURRENCY),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  WEB_BUILD_DIR: optionalString,
  TRUST_PROXY: optionalString,
  MAX_ADDRESSES_PER_USER: z.coerce.number().int().min(1).max(1000).default(10),
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  MAIL_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  QUOTE_VALID_DAYS: z.coerce.number().int().min(1).max(90).default(DEFAULT_QUOTE_VALID_DAYS),
  QUOTE_FEE_PERCENT: z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.\d{1,4})?$/, 'a percentage such as 10 or 7.5')
    .default('10'),
});

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  /** Whether PUBLIC_URL was given; without it, development links in mail use the request's origin. */
  publicUrlConfigured: boolean;
  databaseUrl: string | undefined;
  dataDir: string;
  sessionSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  supportEmail: string;
  redisUrl: string | undefined;
  /** Prefix of every key this installation writes to Redis, so several installations can share one. */
  redisKeyPrefix: string;
  stripe: { secretKey: string | undefined; webhookSecret: string | undefined; apiBase: string | undefined };
  recaptchaSecret: string | undefined;
  outboundAllowHosts: string[];
  demoData: boolean;
  admin: { email: string; password: string } | undefined;
  appCurrency: (typeof CURRENCIES)[number];
  logLevel: string;
  bodyLimitBytes: number;
  /** Directory holding the web app's `client/` and `server/` builds; undefined serves the API alone. */
  webBuildDir: string | undefined;
  /** Fastify's trustProxy: false, true, a hop count, or a list of proxy addresses. */
  trustProxy: boolean | number | string[];
  maxAddressesPerUser: number;
  /**
   * How long after a rotation the previous refresh token may still buy an access token (without a new
   * refresh token), so two tabs refreshing at the same moment do not look like a stolen token.
   */
  refreshReuseGraceSeconds: number;
  /** How often the mail worker looks for outgoing mail that is due (new mail is sent at once anyway). */
  mailPollSeconds: number;
  /** How long a resolved quote holds its prices, in days. */
  quoteValidDays: number;
  /** The store's service fee on a quoted base price, as an exact decimal percentage ('10' is 10%). */
  quoteFeePercent: string;
};

export class ConfigError extends Error {}

/**
 * Reads the environment once into a typed object. Anything wrong is reported together, naming each
 * variable, so a misconfigured deployment fails at start-up rather than on the first request.
 */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);

  if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }

  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    publicUrlConfigured: env.PUBLIC_URL !== undefined,
    databaseUrl: env.DATABASE_URL,
    dataDir,
    sessionSecret: env.SESSION_SECRET ?? developmentSessionSecret(env.NODE_ENV, dataDir),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    supportEmail: env.SUPPORT_EMAIL,
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      apiBase: env.STRIPE_API_BASE,
    },
    recaptchaSecret: env.RECAPTCHA_SECRET,
    outboundAllowHosts: env.OUTBOUND_ALLOW_HOSTS?.split(',').map((host) => host.trim().toLowerCase()) ?? [],
    demoData: env.DEMO_DATA,
    admin:
      env.ADMIN_EMAIL && env.ADMIN_PASSWORD
        ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD }
        : undefined,
    appCurrency: env.APP_CURRENCY,
    logLevel: env.LOG_LEVEL,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    webBuildDir: env.WEB_BUILD_DIR ? path.resolve(env.WEB_BUILD_DIR) : undefined,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    maxAddressesPerUser: env.MAX_ADDRESSES_PER_USER,
    refreshReuseGraceSeconds: env.REFRESH_REUSE_GRACE_SECONDS,
    mailPollSeconds: env.MAIL_POLL_SECONDS,
    quoteValidDays: env.QUOTE_VALID_DAYS,
    quoteFeePercent: env.QUOTE_FEE_PERCENT,
  };
}

/**
 * Production must be given its secret; elsewhere one is made on first start and kept in the data
 * directory, so sessions survive restarts without anyone having to invent a secret.
 */
function developmentSessionSecret(nodeEnv: string, dataDir: string): string {
  if (nodeEnv === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  SESSION_SECRET is required in production (32+ characters)',
    );
  }
  const file = path.join(dataDir, 'session-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((address) => address.trim());
}
