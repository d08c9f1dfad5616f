import { randomBytes } from 'node:crypto';
import { AppError } from '@crossbuy/core/errors';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryStore, createRedisStore, RateLimiter, type RateLimitStore } from './rate-limit.js';

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
});

describe('RateLimiter', () => {
  it('consume refuses the event past the maximum with 429 and the seconds to wait', async () => {
    const limiter = new RateLimiter(createMemoryStore());
    await limiter.consume(rule, 'x');
    await limiter.consume(rule, 'x');
    const error = await refusal(limiter.consume(rule, 'x'));
    expect(error).toMatchObject({ code: 'general/rate_limited', status: 429, params: ['60'] });
    await limiter.consume(rule, 'y');
  });

  it('check counts nothing; fail counts; reset clears', async () => {
    const limiter = new RateLimiter(createMemoryStore());
    await limiter.check(rule, 'x');
    await limiter.check(rule, 'x');
    await limiter.check(rule, 'x');
    await limiter.fail(rule, 'x');
    await limiter.fail(rule, 'x');
    expect((await refusal(limiter.check(rule, 'x'))).code).toBe('general/rate_limited');
    await limiter.reset(rule, 'x');
    await limiter.check(rule, 'x');
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
      peek: () => Promise.reject(new Error('down')),
      reset: () => Promise.reject(new Error('down')),
      close: async () => undefined,
    };
    const reported: unknown[] = [];
    const limiter = new RateLimiter(broken, (error) => reported.push(error));
    for (let attempt = 0; attempt < 5; attempt += 1) await limiter.consume(rule, 'x');
    await limiter.check(rule, 'x');
    await limiter.fail(rule, 'x');
    await limiter.reset(rule, 'x');
    expect(reported).toHaveLength(8);
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
});
