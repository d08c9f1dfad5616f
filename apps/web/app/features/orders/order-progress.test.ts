import { describe, expect, it } from 'vitest';
import { anOrder } from './order-fixtures';
import { orderProgress } from './order-progress';

const shape = (order: ReturnType<typeof anOrder>) =>
  orderProgress(order).map(({ status, state, at }) => [status, state, at !== null]);

describe('orderProgress', () => {
  it('shows the steps reached with their times, the current one, and the steps still to come', () => {
    const order = anOrder({
      status: 'processing',
      paidAt: '2026-11-20T12:05:00Z',
      processingAt: '2026-11-20T14:00:00Z',
    });
    expect(shape(order)).toEqual([
      ['pending_payment', 'done', true],
      ['paid', 'done', true],
      ['processing', 'current', true],
      ['shipped', 'upcoming', false],
      ['delivered', 'upcoming', false],
      ['completed', 'upcoming', false],
    ]);
  });

  it('ends a disputed order on the dispute, after every step it reached, with nothing to come', () => {
    const order = anOrder({
      status: 'disputed',
      paidAt: '2026-11-20T12:05:00Z',
      shippedAt: '2026-11-21T12:00:00Z',
      deliveredAt: '2026-11-22T12:00:00Z',
      disputedAt: '2026-11-23T12:00:00Z',
    });
    expect(shape(order)).toEqual([
      ['pending_payment', 'done', true],
      ['paid', 'done', true],
      ['shipped', 'done', true],
      ['delivered', 'done', true],
      ['disputed', 'current', true],
    ]);
  });

  it('shows an order back in preparation after a dispute as being prepared, with the rest to come', () => {
    const order = anOrder({
      status: 'processing',
      paidAt: '2026-11-20T12:05:00Z',
      processingAt: '2026-11-24T12:00:00Z',
      shippedAt: '2026-11-21T12:00:00Z',
      disputedAt: '2026-11-23T12:00:00Z',
    });
    expect(shape(order).map(([status, state]) => `${status}:${state}`)).toEqual([
      'pending_payment:done',
      'paid:done',
      'processing:current',
      'shipped:upcoming',
      'delivered:upcoming',
      'completed:upcoming',
    ]);
  });
});
