import type { IncomingMessage, ServerResponse } from 'node:http';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from './config.js';
import { type Database, onIdleConnectionError } from './db/client.js';
import { defineExternalLookupJob } from './features/external-products/external-products.service.js';
import { JobQueue } from './features/jobs/job-queue.js';
import { devMailboxRoutes } from './features/mail/mail.routes.js';
import { createTransport, Mailer } from './features/mail/mailer.js';
import { CLEANUP_EVERY_SECONDS, CLEANUP_JOB, pruneStaleRows } from './features/maintenance/cleanup.js';
import { ASK_CARD_REFUND_JOB, askProviderForPendingRefund } from './features/payments/refund-ledger.js';
import { type StripeGateway, stripeGatewayFor } from './features/payments/stripe-gateway.js';
import {
  EXPIRE_UNPAID_EVERY_SECONDS,
  EXPIRE_UNPAID_JOB,
  expireUnpaidOrders,
} from './features/payments/unpaid-orders.js';
import { healthRoutes } from './features/system/system.routes.js';
import { OutboundFetcher } from './lib/guarded-fetch.js';
import { loggerOptions } from './lib/log-serializers.js';
import type { PictureStorage } from './lib/picture-storage.js';
import { pictureStorageFor } from './lib/pictures.js';
import { REQUEST_ID_HEADER, requestIdGenerator, runWithRequestId } from './lib/request-ids.js';
import { zodValidatorCompiler } from './lib/zod-validation.js';
import authentication from './plugins/authentication.js';
import compression from './plugins/compression.js';
import errorHandler, { answerFrameworkError } from './plugins/error-handler.js';
import images from './plugins/images.js';
import liveBus from './plugins/live-bus.js';
import metrics from './plugins/metrics.js';
import openapi from './plugins/openapi.js';
import rateLimit from './plugins/rate-limit.js';
import securityHeaders, { pageSecurityHeaders } from './plugins/security-headers.js';
import { webApp } from './plugins/web-app.js';
import xsrf from './plugins/xsrf.js';
import { adminService, authService, functionsService, storeService } from './services.js';

// New jobs wake the worker at once; the poll only finds retries and recurring jobs coming due.
const JOB_POLL_MS = 10_000;

export type AppDependencies = {
  config: AppConfig;
  db: Database;
  /** Directory of the web app's build to serve; undefined serves the API alone. */
  webBuildDir?: string | undefined;
  /** Where log lines go instead of standard output (tests read them). */
  logStream?: { write(line: string): void } | undefined;
  /** Where pictures are kept, instead of where the configuration says (tests). */
  pictures?: PictureStorage | undefined;
};

export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export async function buildApp({
  config,
  db,
  webBuildDir,
  logStream,
  pictures = pictureStorageFor(config),
}: AppDependencies): Promise<App> {
  const https = config.publicUrl.startsWith('https://');
  const { trustProxy } = config;
  const app = Fastify<RawServerDefault>({
    logger:
      config.logLevel === 'silent'
        ? false
        : { ...loggerOptions(config.logLevel), ...(logStream ? { stream: logStream } : {}) },
    bodyLimit: config.bodyLimitBytes,
    // Ids come from us or our proxy, never from a client's header, so they can be trusted in logs and
    // error references.
    genReqId: requestIdGenerator(trustProxy),
    requestIdHeader: false,
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    return503OnClosing: true,
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  // The API speaks JSON only: a text/plain body would reach the schemas as a bare string; now it gets 415.
  app.removeContentTypeParser('text/plain');

  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', db);
  const stopHearingIdleErrors = onIdleConnectionError(db, (error) =>
    app.log.warn({ err: error }, 'idle database connection lost; a new one is opened at the next query'),
  );
  app.addHook('onClose', async () => stopHearingIdleErrors());
  app.decorate('config', config);
  app.decorate('pictures', pictures);
  // The rest of the request runs with its id at hand, for the jobs and mail it queues to carry.
  app.addHook('onRequest', (request, _reply, done) => runWithRequestId(request.id, done));
  app.addHook('onSend', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });

  await app.register(metrics);
  await app.register(errorHandler);
  await app.register(securityHeaders, { https });
  await app.register(compression);
  await app.register(cookie, { secret: config.sessionSecret });
  // Live updates between processes (docs/decisions/0034): order timelines, and the revocations the
  // account cache and open streams of every process hear (0060).
  await app.register(liveBus);
  await app.register(authentication, { sessionSecret: config.sessionSecret });
  // After authentication: the anti-forgery token is bound to the session the access token names.
  await app.register(xsrf, { secret: config.sessionSecret, secureCookie: https });
  await app.register(rateLimit, { redisUrl: config.redisUrl, keyPrefix: config.redisKeyPrefix });
  // The worker is started by main.ts; tests send queued mail with app.mailer.flush().
  app.decorate(
    'mailer',
    new Mailer({
      db,
      transport: createTransport(config.smtpUrl),
      from: config.mailFrom,
      log: app.log,
      pollMs: config.mailPollSeconds * 1000,
    }),
  );
  app.addHook('onClose', () => app.mailer.stop());
  // Started by main.ts too; tests run due jobs with app.jobs.runDue().
  app.decorate('jobs', new JobQueue({ db, log: app.log, pollMs: JOB_POLL_MS }));
  app.jobs.define({
    kind: CLEANUP_JOB,
    everySeconds: CLEANUP_EVERY_SECONDS,
    handler: async ({ signal, log }) => {
      log.info({ deleted: await pruneStaleRows(db, signal) }, 'stale rows pruned');
    },
  });
  // Every fetch of another site goes through this one guard (docs/decisions/0024).
  app.decorate('outbound', new OutboundFetcher({ allowHosts: config.outboundAllowHosts }));
  defineExternalLookupJob(app.jobs, {
    db,
    fetcher: app.outbound,
    pictures,
  });
  // One card provider client for every call and job (undefined without provider keys).
  app.decorate('cardGateway', stripeGatewayFor(config));
  const cardProvider = { db, gateway: app.cardGateway };
  app.jobs.define({
    kind: EXPIRE_UNPAID_JOB,
    everySeconds: EXPIRE_UNPAID_EVERY_SECONDS,
    handler: async ({ signal, log }) => {
      const expired = await expireUnpaidOrders(cardProvider, new Date(), signal);
      if (expired > 0) log.info({ expired }, 'unpaid orders cancelled');
    },
  });
  app.jobs.define({
    kind: ASK_CARD_REFUND_JOB,
    maxAttempts: 20,
    handler: async ({ payload }) => {
      const { refundId } = z.object({ refundId: z.uuid() }).parse(payload);
      await askProviderForPendingRefund(cardProvider, refundId);
    },
  });
  app.addHook('onClose', () => app.jobs.stop());
  app.addHook('onClose', () => app.outbound.close());
  // A stopping process says so to whoever routes requests to it, then stops taking them (main.ts).
  app.decorate('lifecycle', { draining: false });
  const health = { prefix: '/api', isDraining: () => app.lifecycle.draining };
  // A worker runs the jobs and the mail, and answers only its health checks (docs/decisions/0076).
  if (config.role === 'worker') {
    await app.register(healthRoutes, health);
    return app;
  }

  await app.register(openapi, { publicUrl: config.publicUrl });
  await app.register(images, { pictures });
  await app.register(healthRoutes, health);
  await app.register(authService, { prefix: '/api' });
  await app.register(storeService, {
    prefix: '/api',
    publicConfig: {
      app_currency: config.appCurrency,
      support_email: config.supportEmail,
      captcha_required: config.recaptcha !== undefined,
      recaptcha_site_key: config.recaptcha?.siteKey ?? null,
    },
  });
  await app.register(functionsService, { prefix: '/api' });

  await app.register(adminService, { prefix: '/api/admin' });
  if (config.env !== 'production') await app.register(devMailboxRoutes, { prefix: '/api/dev' });

  if (webBuildDir) {
    await app.register(webApp, {
      buildDir: webBuildDir,
      pageHeaders: pageSecurityHeaders(
        { https },
        { cardForm: config.stripe.publishableKey !== undefined, captcha: config.recaptcha !== undefined },
      ),
    });
  }

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: AppConfig;
    outbound: OutboundFetcher;
    cardGateway: StripeGateway | undefined;
    /** Where the store's pictures are kept (docs/decisions/0079). */
    pictures: PictureStorage;
    /** Set while the process drains: its readiness answers 503. */
    lifecycle: { draining: boolean };
  }
}
