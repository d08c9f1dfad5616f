import type { Order } from '@crossbuy/core/order';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShellQueryProvider } from '../../../lib/query-provider';
import { resetUserState, userStore } from '../../../lib/user-store';
import { aProfile, envelope, fakeApi, json } from '../../../test-support/fake-api';
import { anOrder, anOrderSummary } from '../order-fixtures';
import { OrderDetail } from './order-detail';
import { OrderList } from './order-list';

const api = fakeApi();
const sgd = (amountMinor: number) => ({ amountMinor, currency: 'SGD' as const });

/** The live stream of the order's timeline, driven by the test. */
class FakeEventSource {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 1;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private readonly listeners: ((event: { data: string }) => void)[] = [];

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }

  addEventListener(_type: 'entry', listener: (event: { data: string }) => void) {
    this.listeners.push(listener);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  send(entry: unknown) {
    for (const listener of this.listeners) listener({ data: JSON.stringify(entry) });
  }
}

beforeEach(() => {
  userStore.set({ signedIn: true, tfaPassed: true, profileFetched: true, profile: aProfile() });
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});

afterEach(() => {
  cleanup();
  resetUserState();
});

function renderAt(path: string, element: React.ReactNode) {
  const Stub = createRoutesStub([
    { path: path.split('?')[0] as string, Component: () => element },
    { path: '/orders', Component: () => <h1>Orders page</h1> },
    { path: '/product/:id', Component: () => <h1>Product page</h1> },
  ]);
  return render(
    <ShellQueryProvider userId="u1">
      <Stub initialEntries={[path]} />
    </ShellQueryProvider>,
  );
}

/**
 * Answers GET /order/o1, its timeline and dispute information for `start`, and each change with what
 * `change` makes of the order, or with the refusal it throws.
 */
function serveOrder(
  start: Order,
  change: (method: string, path: string, order: Order) => Order = (_m, _p, o) => o,
) {
  let order = start;
  const serve = {
    get order() {
      return order;
    },
    set order(next: Order) {
      order = next;
    },
  };
  api.respond(({ method, path }) => {
    if (path.startsWith('/order/o1/timeline')) {
      return json(200, {
        order: {
          id: order.id,
          orderRef: order.orderRef,
          status: order.status,
          placedAt: order.placedAt,
          total: order.total,
        },
        entries: [statusEntry('e1', 'pending_payment')],
        nextCursor: null,
        unreadCount: 0,
      });
    }
    if (path.startsWith('/order/o1/update_chat_status')) return json(200, { unreadCount: 0 });
    if (path.startsWith('/order/o1/payment_info')) {
      return json(200, {
        orderId: order.id,
        orderRef: order.orderRef,
        method: 'test_card',
        amount: order.total,
        payable: order.status === 'pending_payment',
        paymentDueAt: order.paymentDueAt,
        card: { publishableKey: null, clientSecret: null },
      });
    }
    if (path.startsWith('/payment/test_card/pay')) {
      order = { ...order, status: 'paid', paidAt: '2026-11-20T12:20:00.000Z' };
      return json(200, { status: 'succeeded' });
    }
    if (path.startsWith('/order/o1/dispute_info')) {
      return json(200, {
        orderRef: order.orderRef,
        canDispute: order.status !== 'disputed',
        refusal: null,
        supportEmail: 'support@crossbuy.example',
        windowDays: 14,
        steps: ['Tell us what went wrong', 'We reply within two working days'],
        disputedAt: order.disputedAt,
      });
    }
    if (method !== 'GET') {
      try {
        order = change(method, path, order);
      } catch (refusal) {
        if (refusal instanceof Response) return refusal;
        throw refusal;
      }
    }
    return json(200, { order });
  });
  return serve;
}

function statusEntry(id: string, toStatus: Order['status']) {
  return {
    id,
    kind: 'status',
    at: '2026-11-20T12:00:00.000Z',
    cursor: `cursor-${id}`,
    fromStatus: null,
    toStatus,
    actor: 'store',
    detail: {},
  };
}

describe('the order list', () => {
  it('shows each order with its reference, date, status, total, picture and unread messages', async () => {
    api.respond(() =>
      json(200, {
        orders: [
          anOrderSummary({ unreadMessages: 2 }),
          anOrderSummary({
            id: 'o2',
            orderRef: 'CB-WXYZ6789',
            status: 'shipped',
            total: sgd(5000),
            placedAt: '2026-10-03T12:00:00.000Z',
            lineCount: 3,
            firstItem: { name: 'Kettle', mainImage: null, quantity: 1 },
          }),
        ],
        page: 1,
        limit: 10,
        total: 12,
      }),
    );
    renderAt('/list', <OrderList status={null} page={1} />);

    const first = await screen.findByRole('listitem', { name: 'Order CB-ABCD2345' });
    expect(within(first).getByRole('link', { name: 'Order CB-ABCD2345' }).getAttribute('href')).toBe(
      '/orders/o1',
    );
    expect(within(first).getByText('Placed 20/11/2026')).toBeTruthy();
    expect(within(first).getByText('Waiting for payment')).toBeTruthy();
    expect(within(first).getByText(/^S\$174\.80$/)).toBeTruthy();
    expect(within(first).getByText('Rice cooker × 2')).toBeTruthy();
    expect(within(first).getByText('2 new messages')).toBeTruthy();
    expect(first.querySelector('img')?.getAttribute('src')).toContain('rice-cooker');

    const second = screen.getByRole('listitem', { name: 'Order CB-WXYZ6789' });
    expect(within(second).getByText('Placed 03/10/2026')).toBeTruthy();
    expect(within(second).getByText('Shipped')).toBeTruthy();
    expect(within(second).getByText('Kettle and 2 more items')).toBeTruthy();
    expect(within(second).queryByText(/new message/)).toBeNull();

    expect(api.calls[0]?.path).toBe('/order?page=1&limit=10');
    expect(screen.getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Cancelled' }).getAttribute('href')).toBe(
      '/orders?status=cancelled',
    );
    expect(screen.getByRole('link', { name: /next/i }).getAttribute('href')).toBe('/orders?page=2');
  });

  it('asks for one status, says when it has none, and shows a failure with a way to try again', async () => {
    api.respond(() => json(500, envelope('general/unknown_error', ['down'])));
    renderAt('/list', <OrderList status="shipped" page={1} />);
    expect(
      await screen.findByText(/We could not load your orders/, undefined, { timeout: 4000 }),
    ).toBeTruthy();
    expect(api.calls[0]?.path).toBe('/order?page=1&limit=10&status=shipped');
    api.respond(() => json(200, { orders: [], page: 1, limit: 10, total: 0 }));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No orders are shipped')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Shipped' }).getAttribute('aria-current')).toBe('page');
  });
});

describe('the order detail', () => {
  it('shows the progress, the items as bought, the costs, the addresses and the notes', async () => {
    serveOrder(anOrder());
    renderAt('/orders/o1', <OrderDetail id="o1" />);

    expect(await screen.findByRole('heading', { name: 'Order CB-ABCD2345' })).toBeTruthy();
    const steps = within(screen.getByRole('list', { name: 'Order progress' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      '1Placed20/11/2026',
      '2Paid (still to come)',
      '3Being prepared (still to come)',
      '4Shipped (still to come)',
      '5Delivered (still to come)',
      '6Completed (still to come)',
    ]);
    expect(steps[0]?.getAttribute('aria-current')).toBe('step');

    const line = screen.getByRole('listitem', { name: 'Rice cooker' });
    expect(within(line).getByRole('link', { name: 'Rice cooker' }).getAttribute('href')).toBe(
      '/product/rice-cooker-p1',
    );
    expect(within(line).getByText('Colour: White')).toBeTruthy();
    expect(within(line).getByText('Rakuten')).toBeTruthy();

    const text = screen.getByLabelText('Cost breakdown').textContent;
    expect(text).toContain('SubtotalS$179.80');
    expect(text).toContain('Discount (voucher WELCOME10)−S$10.00');
    expect(text).toContain('ShippingS$5.00');
    expect(text).toContain('GST 9% (included)S$14.43');
    expect(text).toContain('TotalS$174.80');
    expect(text).not.toContain('Payment fee');

    const delivery = within(screen.getByRole('region', { name: 'Delivery address' }));
    expect(delivery.getByText('1 Orchard Road')).toBeTruthy();
    expect(delivery.getByText(/238801/)).toBeTruthy();
    expect(screen.getByText('Same as the delivery address')).toBeTruthy();
    expect(screen.getByText('Please leave it with the concierge.')).toBeTruthy();
    expect(screen.getByText(/Please pay by/).textContent).toContain('20/11/2026 21:00:00 Singapore time');
  });

  it('labels quoted items, links items from abroad to their page, and adds a tax that is not included', async () => {
    const [bought] = anOrder().lines;
    if (!bought) throw new Error('the fixture order has a line');
    const quoted = {
      ...bought,
      id: 'l2',
      source: 'quotation_external' as const,
      productId: null,
      capture: {
        ...bought.capture,
        name: 'Cast iron kettle',
        paramName: null,
        variantLabel: null,
        sourceMarketPlace: 'Amazon',
        productUrl: 'https://www.amazon.co.jp/dp/B0TEST',
      },
    };
    serveOrder(
      anOrder({
        status: 'paid',
        paidAt: '2026-11-20T12:30:00.000Z',
        lines: [{ ...bought, productId: null }, quoted],
        tax: { name: 'GST', ratePercent: '9', inclusive: false, amount: sgd(1573) },
        paymentFee: sgd(300),
      }),
    );
    renderAt('/orders/o1', <OrderDetail id="o1" />);

    const kettle = await screen.findByRole('listitem', { name: 'Cast iron kettle' });
    expect(within(kettle).getByText('Quoted from Amazon')).toBeTruthy();
    expect(within(kettle).getByRole('link').getAttribute('href')).toBe('https://www.amazon.co.jp/dp/B0TEST');
    const gone = screen.getByRole('listitem', { name: 'Rice cooker' });
    expect(within(gone).queryByRole('link')).toBeNull();
    const text = screen.getByLabelText('Cost breakdown').textContent;
    expect(text).toContain('GST 9%S$15.73');
    expect(text).toContain('Payment feeS$3.00');
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    const steps = within(screen.getByRole('list', { name: 'Order progress' })).getAllByRole('listitem');
    expect(steps[1]?.getAttribute('aria-current')).toBe('step');
  });

  it('cancels an unpaid order only after asking, and can be talked out of it', async () => {
    serveOrder(anOrder(), (method, _path, order) =>
      method === 'DELETE'
        ? { ...order, status: 'cancelled', cancelledAt: '2026-11-20T12:10:00.000Z' }
        : order,
    );
    renderAt('/orders/o1', <OrderDetail id="o1" />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    expect(screen.getByText('Cancel order CB-ABCD2345? This cannot be undone.').getAttribute('role')).toBe(
      'alert',
    );
    expect(document.activeElement?.textContent).toBe('Keep the order');
    await user.keyboard('{Enter}');
    expect(document.activeElement?.textContent).toBe('Cancel order');
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Yes, cancel the order' }));
    expect(await screen.findByText('Your order is cancelled.')).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'DELETE')?.path).toBe('/order/o1');
    expect(screen.getAllByText('Cancelled').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    const steps = within(screen.getByRole('list', { name: 'Order progress' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent?.replace(/\d\d\/.*$/, ''))).toEqual([
      '✓Placed',
      '✕Cancelled',
    ]);
  });

  it('shows why a cancellation was refused', async () => {
    serveOrder(anOrder(), (method, _path, order) => {
      if (method === 'DELETE') throw json(400, envelope('order/not_cancellable'));
      return order;
    });
    renderAt('/orders/o1', <OrderDetail id="o1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel the order' }));
    expect(
      await screen.findByText(
        'Only an order waiting for payment can be cancelled here; please message the store',
      ),
    ).toBeTruthy();
  });

  it('offers no cancel once the shopper said the PayNow transfer is sent, and says how to reach the store', async () => {
    serveOrder(anOrder({ paymentMethod: 'paynow', paynowMarkedPaidAt: '2026-11-20T12:05:00.000Z' }));
    renderAt('/orders/o1', <OrderDetail id="o1" />);
    expect((await screen.findByText(/that you sent the PayNow/)).textContent).toMatch(/20\/11\/2026/);
    expect(screen.queryByText(/Please pay by/)).toBeNull();
    expect(screen.getByText(/can no longer be cancelled here/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
  });

  it('says so when a payment under way stops the cancel', async () => {
    serveOrder(anOrder(), (method, _path, order) => {
      if (method === 'DELETE') throw json(409, envelope('order/payment_in_progress'));
      return order;
    });
    renderAt('/orders/o1', <OrderDetail id="o1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel order' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel the order' }));
    expect(
      await screen.findByText(
        'A payment for this order is under way; wait for it to finish, or message the store if it is stuck',
      ),
    ).toBeTruthy();
  });

  it('confirms receipt of a shipped order after asking', async () => {
    serveOrder(
      anOrder({
        status: 'shipped',
        paidAt: '2026-11-20T12:10:00.000Z',
        shippedAt: '2026-11-21T12:00:00.000Z',
        trackingNumber: 'SG123',
      }),
      (method, path, order) =>
        method === 'POST' && path === '/order/o1/confirm_receipt'
          ? { ...order, status: 'completed', completedAt: '2026-11-22T12:00:00.000Z' }
          : order,
    );
    renderAt('/orders/o1', <OrderDetail id="o1" />);
    expect(await screen.findByText('SG123')).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm receipt' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, I have received it' }));
    expect(await screen.findByText('Thank you, your order is completed.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm receipt' })).toBeNull();
    const steps = within(screen.getByRole('list', { name: 'Order progress' })).getAllByRole('listitem');
    // Completed straight from shipped: the delivery step it never stopped at is left out.
    expect(steps.map((step) => step.textContent?.replace(/\d\d\/.*$/, ''))).toEqual([
      '✓Placed',
      '✓Paid',
      '✓Shipped',
      '✓Completed',
    ]);
  });

  it('loads the dispute information only when opened, and opens a dispute with a reason', async () => {
    serveOrder(
      anOrder({
        status: 'processing',
        paidAt: '2026-11-20T12:10:00.000Z',
        processingAt: '2026-11-20T13:00:00.000Z',
      }),
      (method, path, order) =>
        method === 'POST' && path === '/order/o1/dispute'
          ? { ...order, status: 'disputed', disputedAt: '2026-11-21T12:00:00.000Z' }
          : order,
    );
    renderAt('/orders/o1', <OrderDetail id="o1" />);
    const summary = await screen.findByText('A problem with this order?');
    // Closed, it shows it opens: an arrow beside the words, unread by screen readers.
    const arrow = summary.closest('summary')?.querySelector('[aria-hidden="true"]');
    expect(arrow?.textContent).toBe('▾');
    expect(api.calls.some((call) => call.path.includes('dispute_info'))).toBe(false);
    await userEvent.click(summary);
    expect(await screen.findByText('Tell us what went wrong')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'support@crossbuy.example' }).getAttribute('href')).toBe(
      'mailto:support@crossbuy.example',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Open a dispute' }));
    expect(screen.getByText('Please tell us what went wrong')).toBeTruthy();
    expect(api.calls.some((call) => call.path === '/order/o1/dispute')).toBe(false);
    await userEvent.type(screen.getByLabelText(/What went wrong/), 'The lid is cracked');
    await userEvent.click(screen.getByRole('button', { name: 'Open a dispute' }));
    expect(await screen.findByText(/You opened a dispute on 21\/11\/2026/)).toBeTruthy();
    expect(api.calls.find((call) => call.path === '/order/o1/dispute')?.body).toEqual({
      reason: 'The lid is cracked',
    });
    expect(screen.getAllByText('In dispute').length).toBeGreaterThan(0);
  });

  it('shows the payment deadline and the payment step, and follows the order once it is paid', async () => {
    serveOrder(anOrder());
    renderAt('/orders/o1', <OrderDetail id="o1" />);
    const user = userEvent.setup();
    expect((await screen.findByText(/Please pay by/)).textContent).toContain(
      '20/11/2026 21:00:00 Singapore time',
    );
    await user.type(await screen.findByLabelText(/Test card number/), '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay with the test card' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull());
    expect(screen.queryByText(/Please pay by/)).toBeNull();
    expect(screen.getAllByText('Paid').length).toBeGreaterThan(0);
  });

  it('mounts the live timeline and follows a status change the store makes while the page is open', async () => {
    const served = serveOrder(anOrder());
    renderAt('/orders/o1', <OrderDetail id="o1" />);
    expect(await screen.findByRole('heading', { name: 'Messages and updates' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Cancel order' })).toBeTruthy();
    await waitFor(() => expect(FakeEventSource.opened.at(-1)?.url).toContain('/api/order/o1/live'));

    served.order = anOrder({ status: 'paid', paidAt: '2026-11-20T12:20:00.000Z' });
    act(() => FakeEventSource.opened.at(-1)?.send(statusEntry('e2', 'paid')));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull());
    const steps = within(screen.getByRole('list', { name: 'Order progress' })).getAllByRole('listitem');
    expect(steps[1]?.getAttribute('aria-current')).toBe('step');
  });

  it('thanks the shopper for a new order, with focus on the thanks', async () => {
    serveOrder(anOrder());
    renderAt('/orders/o1?placed=1', <OrderDetail id="o1" placed />);
    const thanks = await screen.findByText('Thank you, your order CB-ABCD2345 is placed');
    const banner = thanks.closest('[role="status"]');
    expect(banner).toBeTruthy();
    expect(document.activeElement).toBe(banner);
  });

  it('keeps the thanks off an order that was cancelled before its page opened', async () => {
    serveOrder(anOrder({ status: 'cancelled', cancelledAt: '2026-11-20T12:10:00.000Z' }));
    renderAt('/orders/o1?placed=1', <OrderDetail id="o1" placed />);
    expect(await screen.findByRole('heading', { name: 'Order CB-ABCD2345' })).toBeTruthy();
    expect(screen.queryByText(/Thank you, your order/)).toBeNull();
  });

  it('keeps the thanks while the order is paid on its page, and drops it once the store prepares it', async () => {
    const served = serveOrder(anOrder());
    renderAt('/orders/o1?placed=1', <OrderDetail id="o1" placed />);
    const user = userEvent.setup();
    expect(await screen.findByText('Thank you, your order CB-ABCD2345 is placed')).toBeTruthy();
    await user.type(await screen.findByLabelText(/Test card number/), '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay with the test card' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull());
    expect(screen.getByText('Thank you, your order CB-ABCD2345 is placed')).toBeTruthy();

    await waitFor(() => expect(FakeEventSource.opened.at(-1)?.url).toContain('/api/order/o1/live'));
    served.order = anOrder({ status: 'processing', paidAt: '2026-11-20T12:20:00.000Z' });
    act(() => FakeEventSource.opened.at(-1)?.send(statusEntry('e3', 'processing')));
    await waitFor(() => expect(screen.queryByText(/Thank you, your order/)).toBeNull());
  });

  it('gives no thanks on an order from checkout opened once it is past waiting for payment', async () => {
    for (const status of ['paid', 'processing', 'shipped', 'completed', 'disputed'] as const) {
      serveOrder(anOrder({ status, paidAt: '2026-11-20T12:20:00.000Z' }));
      renderAt('/orders/o1?placed=1', <OrderDetail id="o1" placed />);
      expect(await screen.findByRole('heading', { name: 'Order CB-ABCD2345' })).toBeTruthy();
      expect(screen.queryByText(/Thank you, your order/), status).toBeNull();
      cleanup();
    }
  });

  it('cancelled on its page, the order drops the thanks', async () => {
    serveOrder(anOrder(), (method, _path, order) =>
      method === 'DELETE'
        ? { ...order, status: 'cancelled', cancelledAt: '2026-11-20T12:10:00.000Z' }
        : order,
    );
    renderAt('/orders/o1?placed=1', <OrderDetail id="o1" placed />);
    expect(await screen.findByText('Thank you, your order CB-ABCD2345 is placed')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, cancel the order' }));
    await waitFor(() => expect(screen.queryByText(/Thank you, your order/)).toBeNull());
  });

  it('ticks the last step of a completed order and crosses the end of a cancelled one', async () => {
    const at = '2026-11-21T10:00:00.000Z';
    serveOrder(
      anOrder({
        status: 'completed',
        paidAt: at,
        processingAt: at,
        shippedAt: at,
        deliveredAt: at,
        completedAt: at,
      }),
    );
    renderAt('/orders/o1', <OrderDetail id="o1" />);
    await screen.findByRole('heading', { name: 'Order CB-ABCD2345' });
    const steps = within(screen.getByRole('list', { name: 'Order progress' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent?.slice(0, 1))).toEqual(['✓', '✓', '✓', '✓', '✓', '✓']);
  });

  it("says when the order is not found (another shopper's) and leads back to the list", async () => {
    api.respond(() => json(404, envelope('order/not_found')));
    renderAt('/orders/o1', <OrderDetail id="o1" />);
    expect(await screen.findByText('The order you are looking for is not found')).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Back to your orders' }));
    expect(await screen.findByRole('heading', { name: 'Orders page' })).toBeTruthy();
  });
});

// 17:30 UTC on the 1st is 01:30 on the 2nd in Singapore: a date written in UTC would be a day early.
const EVENING_IN_UTC = '2026-03-01T17:30:00.000Z';

describe("an order's dates, in the store's time zone", () => {
  it('dates the order list by the store day it was placed', async () => {
    api.respond(() =>
      json(200, { orders: [anOrderSummary({ placedAt: EVENING_IN_UTC })], page: 1, limit: 10, total: 1 }),
    );
    renderAt('/list', <OrderList status={null} page={1} />);
    const order = await screen.findByRole('listitem', { name: 'Order CB-ABCD2345' });
    expect(within(order).getByText('Placed 02/03/2026')).toBeTruthy();
  });

  it("says when it was placed and when to pay by in Singapore time, as the order mail does, and each step's store day", async () => {
    serveOrder(anOrder({ placedAt: EVENING_IN_UTC, paymentDueAt: '2026-03-01T18:30:00.000Z' }));
    renderAt('/orders/o1', <OrderDetail id="o1" />);
    expect(await screen.findByText(/^Placed 02\/03\/2026 01:30:00 Singapore time ·/)).toBeTruthy();
    expect(screen.getByText(/Please pay by/).textContent).toContain(
      'Please pay by 02/03/2026 02:30:00 Singapore time;',
    );
    const steps = within(screen.getByRole('list', { name: 'Order progress' })).getAllByRole('listitem');
    expect(steps[0]?.textContent).toBe('1Placed02/03/2026');
  });

  it('says when the shopper told the store a PayNow transfer was sent, and when a dispute was opened', async () => {
    serveOrder(anOrder({ paymentMethod: 'paynow', paynowMarkedPaidAt: EVENING_IN_UTC }));
    renderAt('/orders/o1', <OrderDetail id="o1" />);
    expect((await screen.findByText(/that you sent the PayNow/)).textContent).toContain(
      'You told us on 02/03/2026 01:30:00 Singapore time that',
    );
    cleanup();

    serveOrder(anOrder({ status: 'disputed', disputedAt: '2026-03-01T20:00:00.000Z' }));
    renderAt('/orders/o1', <OrderDetail id="o1" />);
    await userEvent.click(await screen.findByText('A problem with this order?'));
    expect(
      await screen.findByText('You opened a dispute on 02/03/2026 04:00:00 Singapore time.'),
    ).toBeTruthy();
  });
});
