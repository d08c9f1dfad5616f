import { AppError, type ErrorCode } from '@crossbuy/core/errors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

/** A fixed-window counter: how many hits a key has in its current window, and when the window ends. */
export type WindowCount = { count: number; resetInMs: number };

/** One counter a reservation must fit under: at most `max` in a window of `windowMs`. */
export type CounterLimit = { key: string; max: number; windowMs: number };

/** Either every counter took the attempt, or none did and `refused` names the one that waits longest. */
export type ReserveResult = { reserved: true } | { reserved: false; refused: number; resetInMs: number };

export interface RateLimitStore {
  /** Adds one hit to `key`, opening a window of `windowMs` if none is open. */
  hit(key: string, windowMs: number): Promise<WindowCount>;
  /**
   * In one atomic step: if every counter is under its maximum, adds one to each (opening windows as
   * needed); otherwise adds nothing. Parallel callers can never take more than the maximum between them.
   */
  reserve(limits: readonly CounterLimit[]): Promise<ReserveResult>;
  /** Gives back one reserved hit of each key whose window is still open. */
  release(keys: readonly string[]): Promise<void>;
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
  const add = (key: string, windowMs: number, time: number) => {
    const window = live(key, time) ?? { count: 0, resetAt: time + windowMs };
    window.count += 1;
    windows.set(key, window);
    return window;
  };
  return {
    async hit(key, windowMs) {
      const time = now();
      sweep(time);
      const window = add(key, windowMs, time);
      return { count: window.count, resetInMs: window.resetAt - time };
    },
    // No await between the check and the count: the event loop makes the pair atomic in this process.
    async reserve(limits) {
      const time = now();
      sweep(time);
      let refusal: ReserveResult = { reserved: true };
      limits.forEach(({ key, max }, index) => {
        const window = live(key, time);
        if (!window || window.count < max) return;
        const resetInMs = window.resetAt - time;
        if (refusal.reserved || resetInMs > refusal.resetInMs) {
          refusal = { reserved: false, refused: index, resetInMs };
        }
      });
      if (refusal.reserved) for (const { key, windowMs } of limits) add(key, windowMs, time);
      return refusal;
    },
    async release(keys) {
      const time = now();
      for (const key of keys) {
        const window = live(key, time);
        if (window && window.count > 0) window.count -= 1;
      }
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

// ARGV holds max and window (ms) per key. Checks every key, then counts on all of them or on none;
// Redis runs a script alone, so parallel reservations see each other's counts. Returns { 1 } when
// reserved, else { 0, index (1-based) of the refusing key that waits longest, its milliseconds left }.
const RESERVE_SCRIPT = `
local refused, wait = 0, -1
for i, key in ipairs(KEYS) do
  local count = tonumber(redis.call('GET', key) or '0')
  if count >= tonumber(ARGV[2 * i - 1]) then
    local ttl = redis.call('PTTL', key)
    if ttl < 0 then redis.call('PEXPIRE', key, ARGV[2 * i]); ttl = tonumber(ARGV[2 * i]) end
    if ttl > wait then refused, wait = i, ttl end
  end
end
if refused > 0 then return { 0, refused, wait } end
for i, key in ipairs(KEYS) do
  if redis.call('INCR', key) == 1 or redis.call('PTTL', key) < 0 then
    redis.call('PEXPIRE', key, ARGV[2 * i])
  end
end
return { 1 }
`;

// Only a live key is decremented: DECR on a missing key would create one without an expiry.
const RELEASE_SCRIPT = `
for _, key in ipairs(KEYS) do
  if redis.call('EXISTS', key) == 1 and redis.call('DECR', key) <= 0 then redis.call('DEL', key) end
end
return 0
`;

/** Counters shared by every server process using the same Redis. */
export function createRedisStore(redis: Redis, prefix: string): RateLimitStore {
  return {
    async hit(key, windowMs) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, windowMs)) as [number, number];
      return { count, resetInMs: ttl };
    },
    async reserve(limits) {
      const keys = limits.map(({ key }) => prefix + key);
      const bounds = limits.flatMap(({ max, windowMs }) => [max, windowMs]);
      const [reserved, refused, wait] = (await redis.eval(
        RESERVE_SCRIPT,
        keys.length,
        ...keys,
        ...bounds,
      )) as number[];
      return reserved === 1
        ? { reserved: true }
        : { reserved: false, refused: (refused ?? 1) - 1, resetInMs: wait ?? 0 };
    },
    async release(keys) {
      if (keys.length === 0) return;
      await redis.eval(RELEASE_SCRIPT, keys.length, ...keys.map((key) => prefix + key));
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
      // QUIT needs a connection; without one there is nothing to say goodbye to.
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

/** A named limit: at most `max` counted events per `windowSeconds` for one account or one address. */
export type RateLimitRule = {
  name: string;
  max: number;
  windowSeconds: number;
  /** The code of the 429 answer; general/rate_limited unless the catalogue names one (docs/rules/api-and-errors.md). */
  code?: ErrorCode;
  /**
   * For limits on failures: what a success does to the counter. "release" (the default) gives back
   * only the success's own attempt, so failures already counted stay; "reset" forgets them.
   */
  afterSuccess?: 'release' | 'reset';
};

/** One subject's counter under one rule, e.g. the sign-in failures of one account. */
export type LimitedSubject = { rule: RateLimitRule; subject: string };

/**
 * An attempt at a secret that holds a place under its limits. A failure needs nothing more: the place
 * stays counted. A success calls {@link succeeded}.
 */
export type ReservedAttempt = { succeeded(): Promise<void> };

const NOTHING_RESERVED: ReservedAttempt = { succeeded: async () => undefined };

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

  private refusal(rule: RateLimitRule | undefined, resetInMs: number): AppError {
    return new AppError(
      rule?.code ?? 'general/rate_limited',
      [Math.max(1, Math.ceil(resetInMs / 1000))],
      429,
    );
  }

  /** Counts this event; false when it is over the limit (for events limited however they end). */
  async allow(rule: RateLimitRule, subject: string): Promise<boolean> {
    return (await this.count(rule, subject)) === undefined;
  }

  /** Counts this event and refuses it when it is over the limit (for events limited however they end). */
  async consume(rule: RateLimitRule, subject: string): Promise<void> {
    const refusal = await this.count(rule, subject);
    if (refusal) throw refusal;
  }

  private async count(rule: RateLimitRule, subject: string): Promise<AppError | undefined> {
    const { count, resetInMs } = await this.safely(
      () => this.store.hit(this.key(rule, subject), rule.windowSeconds * 1000),
      { count: 0, resetInMs: 0 },
    );
    return count > rule.max ? this.refusal(rule, resetInMs) : undefined;
  }

  /**
   * Takes a place under every limit before a secret is checked, or refuses with 429 when any limit is
   * full; the places are counted as failures unless the attempt {@link ReservedAttempt.succeeded}.
   * Reserving first is what keeps a burst of parallel guesses to `max` checks.
   */
  async reserve(limits: readonly LimitedSubject[]): Promise<ReservedAttempt> {
    const counters = limits.map(({ rule, subject }) => ({
      key: this.key(rule, subject),
      max: rule.max,
      windowMs: rule.windowSeconds * 1000,
    }));
    const result = await this.safely(() => this.store.reserve(counters), undefined);
    // The store failed: nothing was counted, so a success has nothing to give back.
    if (!result) return NOTHING_RESERVED;
    if (!result.reserved) throw this.refusal(limits[result.refused]?.rule, result.resetInMs);
    return {
      succeeded: async () => {
        const resets = limits.filter(({ rule }) => rule.afterSuccess === 'reset');
        const releases = limits.filter(({ rule }) => rule.afterSuccess !== 'reset');
        await Promise.all([
          this.safely(
            () => this.store.release(releases.map(({ rule, subject }) => this.key(rule, subject))),
            undefined,
          ),
          ...resets.map(({ rule, subject }) => this.reset(rule, subject)),
        ]);
      },
    };
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

/**
 * A Redis client for the limits. Without an offline queue, and with a short command timeout, a command
 * fails at once while Redis is unreachable, so the limiter fails open straight away instead of holding
 * every sign-in until Redis is back; the client keeps reconnecting meanwhile.
 */
async function connectRedis(app: FastifyInstance, url: string): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1000,
  });
  redis.on('error', (error) => app.log.warn({ err: error }, 'rate-limit Redis connection failed; retrying'));
  // Starting without Redis is allowed: the limits fail open until it answers.
  await redis.connect().catch(() => undefined);
  return redis;
}

/** Shared counters in Redis when REDIS_URL is set, so every server process sees the same counts. */
async function rateLimit(app: FastifyInstance, options: { redisUrl: string | undefined; keyPrefix: string }) {
  const store = options.redisUrl
    ? createRedisStore(await connectRedis(app, options.redisUrl), options.keyPrefix)
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
