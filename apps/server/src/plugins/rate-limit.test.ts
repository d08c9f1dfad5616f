import { randomBytes } from 'node:crypto';
import { AppError } from '@crossbuy/core/errors';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createMemoryStore,
  createRedisStore,
  RateLimiter,
  type RateLimitRule,
  type RateLimitStore,
} from './rate-limit.js';

const rule = { name: 'probe', max: 2, windowSeconds: 60 };

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error('expected an AppError');
  return error;
}

describe('memory store', () => {
  it('counts hits in a fixed window and forgets them when it ends', async () => {
    let now = 1_000_000;
    const store = createMemoryStore(() => now);
    expect(await store.hit('k', 10_000)).toEqual({ count: 1, resetInMs: 10_000 });
    now += 4_000;
    expect(await store.hit('k', 10_000)).toEqual({ count: 2, resetInMs: 6_000 });
    expect(await store.peek('k')).toEqual({ count: 2, resetInMs: 6_000 });
    now += 6_000;
    expect(await store.peek('k')).toEqual({ count: 0, resetInMs: 0 });
    expect(await store.hit('k', 10_000)).toEqual({ count: 1, resetInMs: 10_000 });
  });

  it('keeps keys apart and resets one key', async () => {
    const store = createMemoryStore();
    await store.hit('a', 1000);
    await store.hit('b', 1000);
    await store.reset('a');
    expect((await store.peek('a')).count).toBe(0);
    expect((await store.peek('b')).count).toBe(1);
  });

  describeReserve(createMemoryStore);

  it('gives back a place only while its window lasts', async () => {
    let now = 1_000_000;
    const store = createMemoryStore(() => now);
    await store.reserve([{ key: 'k', max: 3, windowMs: 10_000 }]);
    await store.reserve([{ key: 'k', max: 3, windowMs: 10_000 }]);
    await store.release(['k']);
    expect(await store.peek('k')).toEqual({ count: 1, resetInMs: 10_000 });
    now += 10_000;
    await store.release(['k']);
    expect(await store.peek('k')).toEqual({ count: 0, resetInMs: 0 });
    expect(await store.reserve([{ key: 'k', max: 1, windowMs: 10_000 }])).toEqual({ reserved: true });
  });
});

/** The atomic reservation every store must offer, run against the memory store and Redis alike. */
function describeReserve(open: () => RateLimitStore) {
  describe('reserve', () => {
    it('lets a parallel burst take exactly the maximum, on every key or on none', async () => {
      const store = open();
      const id = randomBytes(4).toString('hex');
      const limits = [
        { key: `pair:${id}`, max: 10, windowMs: 60_000 },
        { key: `wide:${id}`, max: 30, windowMs: 60_000 },
      ];
      const results = await Promise.all(Array.from({ length: 39 }, () => store.reserve(limits)));
      expect(results.filter((result) => result.reserved)).toHaveLength(10);
      expect((await store.peek(`pair:${id}`)).count).toBe(10);
      // A refused reservation added nothing, not even on the key that still had room.
      expect((await store.peek(`wide:${id}`)).count).toBe(10);
      const refused = results.find((result) => !result.reserved);
      expect(refused).toMatchObject({ reserved: false, refused: 0 });
      expect(refused?.reserved === false && refused.resetInMs).toBeGreaterThan(0);
    });

    it('names the refusing key that waits longest, and counts nothing when refused', async () => {
      const store = open();
      const id = randomBytes(4).toString('hex');
      await store.reserve([{ key: `short:${id}`, max: 1, windowMs: 5_000 }]);
      await store.reserve([{ key: `long:${id}`, max: 1, windowMs: 50_000 }]);
      const result = await store.reserve([
        { key: `short:${id}`, max: 1, windowMs: 5_000 },
        { key: `free:${id}`, max: 5, windowMs: 5_000 },
        { key: `long:${id}`, max: 1, windowMs: 50_000 },
      ]);
      expect(result).toMatchObject({ reserved: false, refused: 2 });
      expect(result.reserved === false && result.resetInMs).toBeGreaterThan(5_000);
      expect((await store.peek(`free:${id}`)).count).toBe(0);
    });

    it('gives back released places, never below zero, and only on keys that exist', async () => {
      const store = open();
      const id = randomBytes(4).toString('hex');
      const limit = { key: `k:${id}`, max: 2, windowMs: 60_000 };
      await store.reserve([limit]);
      await store.reserve([limit]);
      expect((await store.reserve([limit])).reserved).toBe(false);
      await store.release([limit.key, `missing:${id}`]);
      expect((await store.peek(limit.key)).count).toBe(1);
      expect((await store.reserve([limit])).reserved).toBe(true);
      await store.release([limit.key]);
      await store.release([limit.key]);
      await store.release([limit.key]);
      expect((await store.peek(limit.key)).count).toBe(0);
      expect((await store.peek(`missing:${id}`)).count).toBe(0);
    });
  });
}

describe('RateLimiter', () => {
  it('consume refuses the event past the maximum with 429 and the seconds to wait', async () => {
    const limiter = new RateLimiter(createMemoryStore());
    await limiter.consume(rule, 'x');
    await limiter.consume(rule, 'x');
    const error = await refusal(limiter.consume(rule, 'x'));
    expect(error).toMatchObject({ code: 'general/rate_limited', status: 429, params: ['60'] });
    await limiter.consume(rule, 'y');
  });

  it('allow counts like consume but answers false instead of refusing', async () => {
    const limiter = new RateLimiter(createMemoryStore());
    expect(await limiter.allow(rule, 'x')).toBe(true);
    expect(await limiter.allow(rule, 'x')).toBe(true);
    expect(await limiter.allow(rule, 'x')).toBe(false);
    expect((await refusal(limiter.consume(rule, 'x'))).code).toBe('general/rate_limited');
  });

  it('reserve keeps a parallel burst of failing attempts to the maximum, and then refuses even a success', async () => {
    const limiter = new RateLimiter(createMemoryStore());
    const failures = { name: 'guess', max: 10, windowSeconds: 900 };
    let checked = 0;
    const guess = async () => {
      await limiter.reserve([{ rule: failures, subject: 'account' }]);
      // The secret check takes a while, as a password hash does; every guess here is wrong.
      await new Promise((resolve) => setTimeout(resolve, 5));
      checked += 1;
      throw new Error('wrong secret');
    };
    const answers = await Promise.allSettled(Array.from({ length: 39 }, guess));
    expect(checked).toBe(10);
    const refusals = answers.filter(
      (answer) => answer.status === 'rejected' && answer.reason instanceof AppError,
    );
    expect(refusals).toHaveLength(29);
    expect(await refusal(limiter.reserve([{ rule: failures, subject: 'account' }]))).toMatchObject({
      code: 'general/rate_limited',
      status: 429,
      params: ['900'],
    });
  });

  it('a success gives its place back, or clears the counter when the rule says so', async () => {
    const store = createMemoryStore();
    const limiter = new RateLimiter(store);
    const kept: RateLimitRule = { name: 'kept', max: 3, windowSeconds: 60 };
    const cleared: RateLimitRule = { name: 'cleared', max: 3, windowSeconds: 60, afterSuccess: 'reset' };
    const limits = [
      { rule: kept, subject: 'x' },
      { rule: cleared, subject: 'x' },
    ];
    await limiter.reserve(limits);
    await limiter.reserve(limits);
    const success = await limiter.reserve(limits);
    expect((await store.peek('rl:kept:x')).count).toBe(3);
    await success.succeeded();
    expect((await store.peek('rl:kept:x')).count).toBe(2);
    expect((await store.peek('rl:cleared:x')).count).toBe(0);
  });

  it("refuses with the code and wait of the full limit's rule", async () => {
    const limiter = new RateLimiter(createMemoryStore());
    const roomy = { name: 'roomy', max: 5, windowSeconds: 60 };
    const full = {
      name: 'full',
      max: 1,
      windowSeconds: 120,
      code: 'auth/resend_verify_code_rate_limit' as const,
    };
    await limiter.reserve([{ rule: full, subject: 'x' }]);
    expect(
      await refusal(
        limiter.reserve([
          { rule: roomy, subject: 'x' },
          { rule: full, subject: 'x' },
        ]),
      ),
    ).toMatchObject({ code: 'auth/resend_verify_code_rate_limit', status: 429, params: ['120'] });
  });

  it("answers with the rule's own code when it has one", async () => {
    const limiter = new RateLimiter(createMemoryStore());
    const resend = {
      name: 'resend',
      max: 1,
      windowSeconds: 60,
      code: 'auth/resend_verify_code_rate_limit' as const,
    };
    await limiter.consume(resend, 'x');
    expect(await refusal(limiter.consume(resend, 'x'))).toMatchObject({
      code: 'auth/resend_verify_code_rate_limit',
      status: 429,
    });
  });

  it('lets requests through and reports it when the store fails', async () => {
    const broken: RateLimitStore = {
      hit: () => Promise.reject(new Error('down')),
      reserve: () => Promise.reject(new Error('down')),
      release: () => Promise.reject(new Error('down')),
      peek: () => Promise.reject(new Error('down')),
      reset: () => Promise.reject(new Error('down')),
      close: async () => undefined,
    };
    const reported: unknown[] = [];
    const limiter = new RateLimiter(broken, (error) => reported.push(error));
    for (let attempt = 0; attempt < 5; attempt += 1) await limiter.consume(rule, 'x');
    expect(await limiter.allow(rule, 'x')).toBe(true);
    for (let attempt = 0; attempt < 5; attempt += 1) await limiter.reserve([{ rule, subject: 'x' }]);
    // Nothing was reserved while the store was down, so a success has nothing to give back.
    await (await limiter.reserve([{ rule, subject: 'x' }])).succeeded();
    await limiter.reset(rule, 'x');
    expect(reported).toHaveLength(13);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('Redis store', () => {
  const prefix = `crossbuy-unit:${randomBytes(6).toString('hex')}:`;
  const redis = redisUrl ? new Redis(redisUrl) : undefined;
  afterAll(async () => {
    if (!redis) return;
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('counts in a window with an expiry, under its prefix', async () => {
    const store = createRedisStore(redis as Redis, prefix);
    expect((await store.hit('k', 5_000)).count).toBe(1);
    const second = await store.hit('k', 5_000);
    expect(second.count).toBe(2);
    expect(second.resetInMs).toBeGreaterThan(0);
    expect(second.resetInMs).toBeLessThanOrEqual(5_000);
    expect(await redis?.pttl(`${prefix}k`)).toBeGreaterThan(0);
    expect((await store.peek('k')).count).toBe(2);
    await store.reset('k');
    expect(await store.peek('k')).toEqual({ count: 0, resetInMs: 0 });
  });

  describeReserve(() => createRedisStore(redis as Redis, prefix));

  it('reserves under its prefix with an expiry, mending a key left without one', async () => {
    const store = createRedisStore(redis as Redis, prefix);
    await redis?.set(`${prefix}stuck`, '5');
    const result = await store.reserve([{ key: 'stuck', max: 5, windowMs: 5_000 }]);
    expect(result).toMatchObject({ reserved: false, refused: 0 });
    const ttl = await redis?.pttl(`${prefix}stuck`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(5_000);
    expect((await store.reserve([{ key: 'fresh', max: 5, windowMs: 5_000 }])).reserved).toBe(true);
    expect(await redis?.pttl(`${prefix}fresh`)).toBeGreaterThan(0);
    await store.release(['gone']);
    expect(await redis?.exists(`${prefix}gone`)).toBe(0);
  });

  it('holds the maximum between two server processes sharing the Redis', async () => {
    const other = redisUrl ? new Redis(redisUrl) : undefined;
    const stores = [createRedisStore(redis as Redis, prefix), createRedisStore(other as Redis, prefix)];
    const limit = { key: 'shared', max: 10, windowMs: 60_000 };
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, index) => stores[index % 2]?.reserve([limit])),
    );
    await other?.quit();
    expect(results.filter((result) => result?.reserved)).toHaveLength(10);
  });
});
