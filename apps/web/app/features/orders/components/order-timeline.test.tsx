import type { TimelineEntry } from '@crossbuy/core/order-chat';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShellQueryProvider } from '../../../lib/query-provider';
import { resetUserState, userStore } from '../../../lib/user-store';
import { aProfile, fakeApi, json } from '../../../test-support/fake-api';
import type { ChatMode } from '../api/order-timeline-api';
import { OrderTimeline } from './order-timeline';

const api = fakeApi();

/** A live stream that never says anything: these tests read the timeline as loaded. */
class SilentEventSource {
  static readonly CLOSED = 2;
  readyState = 1;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  addEventListener() {}
  close() {}
}

beforeEach(() => {
  userStore.set({ signedIn: true, tfaPassed: true, profileFetched: true, profile: aProfile() });
  vi.stubGlobal('EventSource', SilentEventSource);
});

afterEach(() => {
  cleanup();
  resetUserState();
});

let sequence = 0;
function event(
  kind: 'status' | 'payment',
  change: { fromStatus?: string | null; toStatus?: string | null; actor?: string; detail: object },
): TimelineEntry {
  sequence += 1;
  const at = `2026-11-20T12:${String(sequence).padStart(2, '0')}:00.000000Z`;
  return {
    id: `e${sequence}`,
    at,
    cursor: `${at}_e${sequence}`,
    kind,
    fromStatus: null,
    toStatus: null,
    actor: 'system',
    ...change,
  } as TimelineEntry;
}

// An order paid by PayNow late, after the shopper cancelled, and given back: every kind of wording.
const ENTRIES: TimelineEntry[] = [
  event('status', { toStatus: 'pending_payment', actor: 'shopper', detail: {} }),
  event('payment', {
    actor: 'shopper',
    detail: { method: 'paynow', result: 'marked_paid', reference: 'CB-ABCD2345' },
  }),
  event('status', {
    fromStatus: 'pending_payment',
    toStatus: 'paid',
    actor: 'store',
    detail: { method: 'paynow', reference: '', amountMinor: 12355, currency: 'SGD' },
  }),
  event('status', {
    fromStatus: 'processing',
    toStatus: 'shipped',
    actor: 'store',
    detail: { trackingNumber: '123' },
  }),
  event('payment', {
    actor: 'store',
    detail: {
      method: 'paynow',
      result: 'refunded',
      amountMinor: 2500,
      currency: 'SGD',
      reason: 'One mug arrived broken',
      reference: 'DBS-REF-1',
    },
  }),
  event('payment', {
    actor: 'store',
    detail: { method: 'paynow', result: 'received_after_close', amountMinor: 12355, currency: 'SGD' },
  }),
];

function renderTimeline(mode: ChatMode, entries: TimelineEntry[] = ENTRIES) {
  api.respond(({ path }) =>
    path.includes('/timeline')
      ? json(200, {
          order: {
            id: 'o1',
            orderRef: 'CB-ABCD2345',
            status: 'shipped',
            placedAt: '2026-11-20T12:00:00.000Z',
            total: { amountMinor: 12355, currency: 'SGD' },
            paymentMethod: 'paynow',
          },
          entries,
          nextCursor: null,
          unreadCount: 0,
        })
      : json(200, {}),
  );
  const Stub = createRoutesStub([{ path: '/', Component: () => <OrderTimeline orderId="o1" mode={mode} /> }]);
  render(
    <ShellQueryProvider userId="u1">
      <Stub initialEntries={['/']} />
    </ShellQueryProvider>,
  );
}

async function sentences() {
  const list = await screen.findByRole('list', { name: 'Timeline, oldest first' });
  return within(list)
    .getAllByRole('listitem')
    .map((item) => item.textContent?.replace(/ · \d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d Singapore time$/, ''));
}

describe('the order timeline in words', () => {
  it('tells the shopper each event as a sentence, with money as money', async () => {
    renderTimeline('shopper');
    expect(await sentences()).toEqual([
      'You placed the order. It waits for your payment.',
      'You said the PayNow transfer is made; the store will confirm it.',
      'Paid S$123.55 by PayNow; the store confirmed the transfer.',
      'Shipped. Tracking number 123.',
      'Refunded S$25.00 by bank transfer, reference DBS-REF-1. Reason: One mug arrived broken.',
      'We received S$123.55 by PayNow after the order was closed; we will send it back to you by bank transfer.',
    ]);
  });

  it('tells the store the same events from its side, without keys or minor units', async () => {
    renderTimeline('store');
    const said = await sentences();
    expect(said[1]).toBe(
      'The shopper said the PayNow transfer is made; the store confirms it once it arrives.',
    );
    expect(said[5]).toBe(
      'We received S$123.55 by PayNow after the order was closed; it is owed back to the shopper by bank transfer.',
    );
    const text = screen.getByRole('list', { name: 'Timeline, oldest first' }).textContent ?? '';
    for (const internal of ['amountMinor', 'method:', 'result', 'marked_paid', '12355', 'currency']) {
      expect(text).not.toContain(internal);
    }
  });
});

describe('the order timeline, dated', () => {
  it("says each entry's time in Singapore time, a day ahead of UTC's in the evening", async () => {
    const [placed] = ENTRIES;
    if (!placed) throw new Error('the timeline has entries');
    renderTimeline('shopper', [{ ...placed, at: '2026-03-01T17:30:00.000000Z' }]);
    const list = await screen.findByRole('list', { name: 'Timeline, oldest first' });
    expect(within(list).getByRole('listitem').textContent).toBe(
      'You placed the order. It waits for your payment. · 02/03/2026 01:30:00 Singapore time',
    );
  });
});
