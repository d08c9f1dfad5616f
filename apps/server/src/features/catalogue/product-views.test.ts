import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { ProductViewRecorder } from './product-views.js';

type Batch = { userId: string; productIds: readonly string[]; finish(error?: Error): void };

/** A writer whose batches stay in flight until the test finishes them. */
function heldWriter() {
  const batches: Batch[] = [];
  const write = (userId: string, productIds: readonly string[]) =>
    new Promise<void>((resolve, reject) => {
      batches.push({ userId, productIds, finish: (error) => (error ? reject(error) : resolve()) });
    });
  return { batches, write };
}

function fakeLog() {
  const warn = vi.fn();
  return { warn, log: { warn } as unknown as FastifyBaseLogger };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('ProductViewRecorder', () => {
  it('writes one batch per shopper at a time and merges the views opened meanwhile, in the order they came', async () => {
    const { batches, write } = heldWriter();
    const recorder = new ProductViewRecorder({ write, log: fakeLog().log, keep: 3 });
    recorder.record('ann', 'p1');
    for (const product of ['p2', 'p3', 'p2', 'p4', 'p5']) recorder.record('ann', product);
    expect(batches.map((batch) => batch.productIds)).toEqual([['p1']]);

    batches[0]?.finish();
    await tick();
    // p2 moved to its latest place, and only the newest three are kept.
    expect(batches.map((batch) => batch.productIds)).toEqual([['p1'], ['p2', 'p4', 'p5']]);
    batches[1]?.finish();
    await recorder.settled('ann');
    expect(batches).toHaveLength(2);
  });

  it('writes at most `writers` batches at once, taking shoppers in turn', async () => {
    const { batches, write } = heldWriter();
    const recorder = new ProductViewRecorder({ write, log: fakeLog().log, keep: 5, writers: 2 });
    for (const user of ['ann', 'bob', 'cat', 'dan']) recorder.record(user, 'p1');
    expect(batches.map((batch) => batch.userId)).toEqual(['ann', 'bob']);
    recorder.record('ann', 'p2');
    batches[0]?.finish();
    await tick();
    expect(batches.map((batch) => batch.userId)).toEqual(['ann', 'bob', 'cat']);
    batches[1]?.finish();
    await tick();
    expect(batches.map((batch) => batch.userId)).toEqual(['ann', 'bob', 'cat', 'dan']);
    batches[2]?.finish();
    await tick();
    expect(batches.map((batch) => batch.userId)).toEqual(['ann', 'bob', 'cat', 'dan', 'ann']);
  });

  it('logs a failed write and goes on with later views', async () => {
    const { batches, write } = heldWriter();
    const { log, warn } = fakeLog();
    const recorder = new ProductViewRecorder({ write, log, keep: 5 });
    recorder.record('ann', 'p1');
    recorder.record('ann', 'p2');
    const settled = recorder.settled('ann');
    batches[0]?.finish(new Error('deadlock detected'));
    await tick();
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(Error), userId: 'ann' }),
      'product views not recorded',
    );
    expect(batches[1]?.productIds).toEqual(['p2']);
    batches[1]?.finish();
    await settled;
  });

  it('drops views beyond the waiting bound with one warning, and takes them again once drained', async () => {
    const { batches, write } = heldWriter();
    const { log, warn } = fakeLog();
    const recorder = new ProductViewRecorder({ write, log, keep: 5, writers: 1, maxWaitingShoppers: 2 });
    for (const user of ['ann', 'bob', 'cat', 'dan', 'eve']) recorder.record(user, 'p1');
    // ann is being written, bob and cat wait, dan and eve are dropped.
    expect(warn).toHaveBeenCalledTimes(1);
    for (let turn = 0; turn < 3; turn += 1) {
      batches[turn]?.finish();
      await tick();
    }
    expect(batches.map((batch) => batch.userId)).toEqual(['ann', 'bob', 'cat']);
    recorder.record('dan', 'p1');
    expect(batches.map((batch) => batch.userId)).toEqual(['ann', 'bob', 'cat', 'dan']);
  });

  it('finishes the views it took when closed and takes no more', async () => {
    const { batches, write } = heldWriter();
    const recorder = new ProductViewRecorder({ write, log: fakeLog().log, keep: 5 });
    recorder.record('ann', 'p1');
    recorder.record('ann', 'p2');
    let closed = false;
    const closing = recorder.close().then(() => {
      closed = true;
    });
    recorder.record('bob', 'p1');
    batches[0]?.finish();
    await tick();
    expect(closed).toBe(false);
    batches[1]?.finish();
    await closing;
    expect(batches.map((batch) => batch.userId)).toEqual(['ann', 'ann']);
  });
});
