import { AppError, type ErrorCode } from '@crossbuy/core/errors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

/** A fixed-window counter: how many hits a key has in its current window, and when the window ends. */
export type WindowCount = { count: number; resetInMs: number };

export interface RateLimitStore {
  /** Adds one hit to `key`, opening a window of `windowMs` if none is open. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /** The key's count without adding to it. */
  peek(key: string): Promise<WindowCount>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** One process's counters; right for a single server, and what tests use. */
export function createMemoryStore(now: () => number = Date.now): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let lastSweep = now();
  const sweep = (time: number) => {
    // Expired windows are dropped at most once a minute, so the map never outgrows the live keys.
    if (time - lastSweep < 60_000) return;
    lastSweep = time;
    for (const [key, window] of windows) if (window.resetAt <= time) windows.delete(key);
  };
  const live = (key: string, time: number) => {
    const window = windows.get(key);
    return window && window.resetAt > time ? window : undefined;
  };
  return {
    async hit(key, windowMs) {
      const time = now();
      sweep(time);
      const window = live(key, time) ?? { count: 0, resetAt: time + windowMs };
      window.count += 1;
      windows.set(key, window);
      return { count: window.count, resetInMs: window.resetAt - time };
    },
    async peek(key) {
      const time = now();
      const window = live(key, time);
      return window ? { count: window.count, resetInMs: window.resetAt - time } : { count: 0, resetInMs: 0 };
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}

// INCR and the expiry in one step, so a key can never be left without an expiry.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { count, ttl }
`;

/** Counters shared by every server process using the same Redis. */
export function createRedisStore(redis: Redis, prefix: string): RateLimitStore {
  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, windowMs)) as [number, number];
      return { count, resetInMs: ttl };
    },
    async peek(key) {
      const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.pttl(prefix + key)]);
      return count === null
        ? { count: 0, resetInMs: 0 }
        : { count: Number(count), resetInMs: Math.max(ttl, 0) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {
      await redis.quit();
    },
  };
}

/** A named limit: at most `max` counted events per `windowSeconds` for one account or one address. */
export type RateLimitRule = {
  name: string;
  max: number;
  windowSeconds: number;
  /** The code of the 429 answer; general/rate_limited unless the spec names one. */
  code?: ErrorCode;
};

/**
 * Limits fail open: if the shared store is unreachable, requests go through and the failure is logged,
 * because a Redis outage must not lock every shopper out of signing in.
 */
export class RateLimiter {
  constructor(
    readonly store: RateLimitStore,
    private readonly onStoreError: (error: unknown) => void = () => undefined,
  ) {}

  private async safely<T>(operation: () => Promise<T>, fallback: T): Promise<T> {
    try {
      return await operation();
    } catch (error) {
      this.onStoreError(error);
      return fallback;
    }
  }

  private key(rule: RateLimitRule, subject: string): string {
    return `rl:${rule.name}:${subject}`;
  }

  private refuse(rule: RateLimitRule, resetInMs: number): never {
    throw new AppError(rule.code ?? 'general/rate_limited', [Math.max(1, Math.ceil(resetInMs / 1000))], 429);
  }

  /** Counts this event and refuses it when it is over the limit (for events limited however they end). */
  async consume(rule: RateLimitRule, subject: string): Promise<void> {
    const { count, resetInMs } = await this.safely(
      () => this.store.hit(this.key(rule, subject), rule.windowSeconds * 1000),
      { count: 0, resetInMs: 0 },
    );
    if (count > rule.max) this.refuse(rule, resetInMs);
  }

  /** Refuses when the limit is already reached, without counting (for limits on failures only). */
  async check(rule: RateLimitRule, subject: string): Promise<void> {
    const { count, resetInMs } = await this.safely(() => this.store.peek(this.key(rule, subject)), {
      count: 0,
      resetInMs: 0,
    });
    if (count >= rule.max) this.refuse(rule, resetInMs);
  }

  /** Counts a failure against a limit that {@link check} enforces. */
  async fail(rule: RateLimitRule, subject: string): Promise<void> {
    await this.safely(() => this.store.hit(this.key(rule, subject), rule.windowSeconds * 1000), undefined);
  }

  async reset(rule: RateLimitRule, subject: string): Promise<void> {
    await this.safely(() => this.store.reset(this.key(rule, subject)), undefined);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

/** Shared counters in Redis when REDIS_URL is set, so every server process sees the same counts. */
async function rateLimit(app: FastifyInstance, options: { redisUrl: string | undefined; keyPrefix: string }) {
  const store = options.redisUrl
    ? createRedisStore(new Redis(options.redisUrl, { maxRetriesPerRequest: 1 }), options.keyPrefix)
    : createMemoryStore();
  app.decorate(
    'rateLimiter',
    new RateLimiter(store, (error) =>
      app.log.warn({ err: error }, 'rate-limit store unavailable; not limiting'),
    ),
  );
  app.addHook('onClose', () => store.close());
}

export default fp(rateLimit, { name: 'rate-limit' });
