import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CURRENCIES, DEFAULT_CURRENCY } from '@crossbuy/core/money';
import type { ShopperLimits } from '@crossbuy/core/order';
import { DEFAULT_QUOTE_VALID_DAYS } from '@crossbuy/core/quotation';
import { SHOPPER_LIMIT_MAX } from '@crossbuy/core/settings';
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

const percentage = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,4})?$/, 'a percentage such as 10 or 7.5');

const shopperLimit = z.coerce.number().int().min(1).max(SHOPPER_LIMIT_MAX);

/**
 * What a process does (docs/decisions/0076): `web` answers HTTP, `worker` runs the durable jobs, the mail
 * outbox and the scheduled jobs (and answers only its health checks), `all` does both.
 */
export const SERVER_ROLES = ['web', 'worker', 'all'] as const;
export type ServerRole = (typeof SERVER_ROLES)[number];

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  SERVER_ROLE: z.enum(SERVER_ROLES).default('all'),
  DRAIN_SECONDS: z.coerce.number().int().min(0).max(60).default(0),
  METRICS_PORT: optionalString.pipe(
    z.coerce.number<string | undefined>().int().min(0).max(65_535).optional(),
  ),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  PICTURES_S3_BUCKET: optionalString,
  PICTURES_S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  PICTURES_S3_REGION: z.string().min(1).default('us-east-1'),
  PICTURES_S3_ACCESS_KEY_ID: optionalString,
  PICTURES_S3_SECRET_ACCESS_KEY: optionalString,
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
  STRIPE_API_BASE: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  STRIPE_PUBLISHABLE_KEY: optionalString,
  PAYNOW_UEN: optionalString.pipe(
    z
      .string()
      .regex(/^[0-9A-Z]{9,10}$/, 'a UEN of 9 or 10 letters and digits')
      .optional(),
  ),
  PAYNOW_MERCHANT_NAME: z
    .string()
    .trim()
    .regex(/^[\x20-\x7e]{1,25}$/, 'at most 25 plain characters, as the PayNow QR holds')
    .default('Crossbuy'),
  RECAPTCHA_SECRET: optionalString,
  RECAPTCHA_SITE_KEY: optionalString,
  RECAPTCHA_VERIFY_URL: z.url().default('https://www.google.com/recaptcha/api/siteverify'),
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
  MAX_UNPAID_ORDERS: shopperLimit.default(5),
  MAX_UNITS_HELD_PER_ITEM: shopperLimit.default(20),
  MAX_ORDERS_PER_HOUR: shopperLimit.default(10),
  MAX_OPEN_CHECKOUTS: shopperLimit.default(20),
  REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  MAIL_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(15),
  QUOTE_VALID_DAYS: z.coerce.number().int().min(1).max(90).default(DEFAULT_QUOTE_VALID_DAYS),
  QUOTE_FEE_PERCENT: percentage.default('10'),
  CARD_FEE_PERCENT: percentage.default('3'),
  ORDER_PAYMENT_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60)
    .default(60),
  CHECKOUT_SESSION_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(60),
});

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  role: ServerRole;
  /** How long a stopping process answers "not ready" before it stops taking requests, for a proxy to notice. */
  drainSeconds: number;
  /**
   * Where pictures are kept: the data directory's `images` folder, or an S3-compatible bucket that every
   * process shares (docs/decisions/0079).
   */
  pictures:
    | { kind: 'disk'; directory: string }
    | {
        kind: 's3';
        endpoint: string;
        bucket: string;
        region: string;
        accessKeyId: string;
        secretAccessKey: string;
      };
  /** Where Prometheus reads this process's metrics (`GET /metrics`); undefined serves none. */
  metrics: { port: number; host: string } | undefined;
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
  stripe: {
    secretKey: string | undefined;
    webhookSecret: string | undefined;
    /** Where the card provider's API is reached instead of its own host (a stand-in in tests). */
    apiBase: string | undefined;
    /** Given to browsers for the provider's card form; card details go from the browser to the provider. */
    publishableKey: string | undefined;
  };
  /** The card stand-in for development without provider keys; never in production. */
  testCardEnabled: boolean;
  /** Where PayNow transfers go; undefined when the store takes no PayNow. */
  paynow: { uen: string; merchantName: string } | undefined;
  /** The contact form's captcha: the widget's site key for pages, the secret for checking answers. */
  recaptcha: { siteKey: string; secret: string } | undefined;
  /** Where captcha answers are checked: Google's siteverify, or a local stand-in in tests. */
  recaptchaVerifyUrl: string;
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
  /** What one shopper may hold at once until an admin sets it in store settings (docs/decisions/0058). */
  shopperLimits: ShopperLimits;
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
  /** The surcharge on paying by card, as an exact decimal percentage. */
  cardFeePercent: string;
  /** How long an unpaid order holds its stock and voucher before it is cancelled. */
  orderPaymentMinutes: number;
  /** How long a checkout session stays usable. */
  checkoutSessionMinutes: number;
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

  if (env.NODE_ENV === 'production' && env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY in production',
    );
  }

  if ((env.RECAPTCHA_SECRET === undefined) !== (env.RECAPTCHA_SITE_KEY === undefined)) {
    // A secret without a site key would refuse every contact message: the page could show no captcha.
    throw new ConfigError(
      'Invalid configuration:\n  RECAPTCHA_SECRET and RECAPTCHA_SITE_KEY must be set together',
    );
  }
  if (env.SERVER_ROLE !== 'all' && env.DATABASE_URL === undefined) {
    // The embedded database belongs to the one process that opened it: a web and a worker process
    // could not share it.
    throw new ConfigError(
      `Invalid configuration:\n  SERVER_ROLE=${env.SERVER_ROLE} needs DATABASE_URL: the embedded database belongs to one process`,
    );
  }
  const s3Settings = [
    env.PICTURES_S3_BUCKET,
    env.PICTURES_S3_ENDPOINT,
    env.PICTURES_S3_ACCESS_KEY_ID,
    env.PICTURES_S3_SECRET_ACCESS_KEY,
  ];
  if (s3Settings.some((value) => value !== undefined) && s3Settings.some((value) => value === undefined)) {
    throw new ConfigError(
      'Invalid configuration:\n  PICTURES_S3_BUCKET, PICTURES_S3_ENDPOINT, PICTURES_S3_ACCESS_KEY_ID and PICTURES_S3_SECRET_ACCESS_KEY must be set together',
    );
  }
  if ((env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError('Invalid configuration:\n  ADMIN_EMAIL and ADMIN_PASSWORD must be set together');
  }

  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    role: env.SERVER_ROLE,
    drainSeconds: env.DRAIN_SECONDS,
    pictures:
      env.PICTURES_S3_BUCKET &&
      env.PICTURES_S3_ENDPOINT &&
      env.PICTURES_S3_ACCESS_KEY_ID &&
      env.PICTURES_S3_SECRET_ACCESS_KEY
        ? {
            kind: 's3',
            endpoint: env.PICTURES_S3_ENDPOINT.replace(/\/+$/, ''),
            bucket: env.PICTURES_S3_BUCKET,
            region: env.PICTURES_S3_REGION,
            accessKeyId: env.PICTURES_S3_ACCESS_KEY_ID,
            secretAccessKey: env.PICTURES_S3_SECRET_ACCESS_KEY,
          }
        : { kind: 'disk', directory: path.join(dataDir, 'images') },
    metrics: env.METRICS_PORT === undefined ? undefined : { port: env.METRICS_PORT, host: env.METRICS_HOST },
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
      publishableKey: env.STRIPE_PUBLISHABLE_KEY,
    },
    testCardEnabled: env.NODE_ENV !== 'production' && env.STRIPE_SECRET_KEY === undefined,
    paynow: paynowAccount(env.NODE_ENV, env.PAYNOW_UEN, env.PAYNOW_MERCHANT_NAME),
    recaptcha:
      env.RECAPTCHA_SECRET && env.RECAPTCHA_SITE_KEY
        ? { siteKey: env.RECAPTCHA_SITE_KEY, secret: env.RECAPTCHA_SECRET }
        : undefined,
    recaptchaVerifyUrl: env.RECAPTCHA_VERIFY_URL,
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
    shopperLimits: {
      maxUnpaidOrders: env.MAX_UNPAID_ORDERS,
      maxUnitsHeldPerItem: env.MAX_UNITS_HELD_PER_ITEM,
      maxOrdersPerHour: env.MAX_ORDERS_PER_HOUR,
      maxOpenCheckouts: env.MAX_OPEN_CHECKOUTS,
    },
    refreshReuseGraceSeconds: env.REFRESH_REUSE_GRACE_SECONDS,
    mailPollSeconds: env.MAIL_POLL_SECONDS,
    quoteValidDays: env.QUOTE_VALID_DAYS,
    quoteFeePercent: env.QUOTE_FEE_PERCENT,
    cardFeePercent: env.CARD_FEE_PERCENT,
    orderPaymentMinutes: env.ORDER_PAYMENT_MINUTES,
    checkoutSessionMinutes: env.CHECKOUT_SESSION_MINUTES,
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

// A made-up UEN lets development show a real-looking QR; production takes PayNow only to its own account.
const DEMO_PAYNOW_UEN = '53312345X';

function paynowAccount(nodeEnv: string, uen: string | undefined, merchantName: string): AppConfig['paynow'] {
  if (uen) return { uen, merchantName };
  return nodeEnv === 'production' ? undefined : { uen: DEMO_PAYNOW_UEN, merchantName };
}

function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((address) => address.trim());
}
