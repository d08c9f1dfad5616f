import type { FastifyBaseLogger } from 'fastify';

export type ProductViewWriter = (userId: string, productIds: readonly string[]) => Promise<void>;

/** Batches written at once, over all shoppers: a small share of the connection pool, whatever the load. */
const WRITERS = 2;
/** Shoppers whose views may wait to be written; beyond that, views are dropped until the queue drains. */
const MAX_WAITING_SHOPPERS = 1_000;
/** A warning for the first dropped view, then one per this many, so an overload does not flood the log. */
const DROP_WARNING_EVERY = 1_000;

/**
 * Records product views after the page has been answered, so a slow or failing write never delays or
 * fails a product page. A shopper has at most one batch being written; views opened meanwhile wait and
 * are merged (a product opened twice is kept once, at its latest place, and only the newest `keep`
 * products are kept), so a burst of one shopper's pages costs a few writes, not one each. Failures are
 * logged: a recently viewed list is a convenience, never worth an error page.
 */
export class ProductViewRecorder {
  private readonly waiting = new Map<string, string[]>();
  private readonly writing = new Set<string>();
  private readonly settledWaiters = new Map<string, (() => void)[]>();
  private idleWaiters: (() => void)[] = [];
  private dropped = 0;
  private closing = false;

  constructor(
    private readonly options: {
      write: ProductViewWriter;
      log: FastifyBaseLogger;
      keep: number;
      writers?: number;
      maxWaitingShoppers?: number;
    },
  ) {}

  /** Queues the view and returns at once. */
  record(userId: string, productId: string): void {
    if (this.closing) return;
    let views = this.waiting.get(userId);
    if (!views) {
      if (this.waiting.size >= (this.options.maxWaitingShoppers ?? MAX_WAITING_SHOPPERS)) {
        if (this.dropped % DROP_WARNING_EVERY === 0) {
          this.options.log.warn({ dropped: this.dropped + 1 }, 'product views dropped: too many waiting');
        }
        this.dropped += 1;
        return;
      }
      views = [];
      this.waiting.set(userId, views);
    }
    const earlier = views.indexOf(productId);
    if (earlier !== -1) views.splice(earlier, 1);
    views.push(productId);
    if (views.length > this.options.keep) views.shift();
    this.pump();
  }

  /** Resolves once every view of this shopper recorded so far has been written (or has failed). */
  settled(userId: string): Promise<void> {
    if (!this.waiting.has(userId) && !this.writing.has(userId)) return Promise.resolve();
    return new Promise((resolve) => {
      const waiters = this.settledWaiters.get(userId) ?? [];
      waiters.push(resolve);
      this.settledWaiters.set(userId, waiters);
    });
  }

  /** Stops taking views and resolves once those already taken have been written. */
  close(): Promise<void> {
    this.closing = true;
    if (this.waiting.size === 0 && this.writing.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private pump(): void {
    const writers = this.options.writers ?? WRITERS;
    // Map order is arrival order, and a shopper written just now queues again at the end: fair turns.
    for (const [userId, views] of this.waiting) {
      if (this.writing.size >= writers) return;
      if (this.writing.has(userId)) continue;
      this.waiting.delete(userId);
      this.writing.add(userId);
      void this.writeBatch(userId, views);
    }
  }

  private async writeBatch(userId: string, productIds: string[]): Promise<void> {
    try {
      await this.options.write(userId, productIds);
    } catch (error) {
      this.options.log.warn({ err: error, userId, views: productIds.length }, 'product views not recorded');
    }
    this.writing.delete(userId);
    this.pump();
    if (!this.waiting.has(userId) && !this.writing.has(userId)) {
      for (const resolve of this.settledWaiters.get(userId) ?? []) resolve();
      this.settledWaiters.delete(userId);
    }
    if (this.waiting.size === 0 && this.writing.size === 0) {
      for (const resolve of this.idleWaiters) resolve();
      this.idleWaiters = [];
    }
  }
}
