import type { Money } from '@crossbuy/core/money';
import type { CheckoutSession, CostEstimate, Order } from '@crossbuy/core/order';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemorySink, type MemorySink, setAnalyticsSink } from '../../../lib/analytics';
import { ShellQueryProvider } from '../../../lib/query-provider';
import { resetUserState, userStore } from '../../../lib/user-store';
import { aQuoteTerms } from '../../../test-support/cart-fixtures';
import {
  type ApiCall,
  aProfile,
  aStoredAddress,
  envelope,
  fakeApi,
  json,
} from '../../../test-support/fake-api';
import type { StoredAddress } from '../../addresses/api/addresses-api';
import { CheckoutView } from './checkout-view';

const api = fakeApi();
let sink: MemorySink;

const sgd = (amountMinor: number): Money => ({ amountMinor, currency: 'SGD' });

const home = aStoredAddress({ id: 'a1' });
const office = aStoredAddress({
  id: 'a2',
  fullName: 'Mei at work',
  address: '2 Tokyo Street',
  country: 'JP',
  main: false,
  postalCode: '100-0001',
  state: 'Tokyo',
  city: 'Chiyoda',
});

const session: CheckoutSession = {
  key: 'k1',
  cartItemIds: ['c1'],
  quotationItemIds: ['q1'],
  expiresAt: '2026-11-23T12:00:00.000Z',
  orderId: null,
};

/**
 * The store's pricing rules, small enough to read: 5 off with SAVE5, 2% for cards, no delivery to Japan; with
 * `cardPastCeiling`, the card fee takes the order past the most one order can come to.
 */
function estimateFor(query: URLSearchParams, cardPastCeiling = false): CostEstimate {
  const subtotal = 10_000;
  const voucherCode = query.get('voucherCode');
  const discount = voucherCode === 'SAVE5' ? 500 : 0;
  const toJapan = query.get('shippingAddressId') === 'a2';
  const shipping = query.get('shippingAddressId') && !toJapan ? 800 : 0;
  const fee = query.get('paymentMethod') === 'card' ? Math.round((subtotal - discount + shipping) * 0.02) : 0;
  const total = subtotal - discount + shipping + fee;
  return {
    regionCountryCode: 'SG',
    currency: 'SGD',
    lines: [
      {
        source: 'cart',
        id: 'c1',
        productId: 'p1',
        variantPath: '',
        name: 'Rice cooker',
        mainImage: null,
        variantLabel: 'Colour: White',
        marketplaceLabel: null,
        quantity: 1,
        unitPrice: sgd(8_990),
        total: sgd(8_990),
        message: '',
        quoteTerms: null,
        quoteExpiresAt: null,
      },
      {
        source: 'quotation_external',
        id: 'q1',
        productId: null,
        variantPath: '',
        name: 'Kettle from Japan',
        mainImage: null,
        variantLabel: null,
        marketplaceLabel: 'Amazon (QUOTATION)',
        quantity: 1,
        unitPrice: sgd(1_010),
        total: sgd(1_010),
        message: '',
        quoteTerms: aQuoteTerms(),
        // 17:00 UTC on 1 December is 01:00 on the 2nd in Singapore.
        quoteExpiresAt: '2026-12-01T17:00:00.000Z',
      },
    ],
    subtotal: sgd(subtotal),
    discount: sgd(discount),
    shippingFee: sgd(shipping),
    paymentFee: sgd(fee),
    tax: { name: 'GST', ratePercent: '9', inclusive: true, amount: sgd(Math.round((total * 9) / 109)) },
    total: sgd(total),
    voucher:
      voucherCode === null
        ? null
        : {
            code: voucherCode,
            refusal:
              voucherCode === 'PAYNOW' && query.get('paymentMethod') !== 'paynow'
                ? { code: 'voucher/wrong_payment_method', params: ['PayNow'], message: 'raw server text' }
                : null,
          },
    shippingRefusal: toJapan
      ? { code: 'checkout/shipping_unavailable', params: ['Japan'], message: 'raw server text' }
      : null,
    totalRefusal:
      cardPastCeiling && query.get('paymentMethod') === 'card'
        ? { code: 'checkout/total_too_large', params: ['S$999,999.99'], message: 'raw server text' }
        : null,
    paymentMethods: [
      { method: 'card', label: 'Credit or debit card', feePercent: '2' },
      { method: 'paynow', label: 'PayNow', feePercent: '0' },
    ],
  };
}

function anOrder(overrides: Partial<Order> = {}): Order {
  const address = { ...home, unitNumber: null };
  return {
    id: 'o1',
    orderRef: 'CB-ABCD2345',
    status: 'pending_payment',
    regionCountryCode: 'SG',
    currency: 'SGD',
    subtotal: sgd(10_000),
    discount: sgd(0),
    shippingFee: sgd(800),
    paymentFee: sgd(216),
    tax: { name: 'GST', ratePercent: '9', inclusive: true, amount: sgd(910) },
    taxFee: sgd(910),
    total: sgd(11_016),
    voucherCode: null,
    paymentMethod: 'card',
    notes: '',
    shippingAddress: address,
    billingAddress: address,
    lines: [
      {
        id: 'l1',
        source: 'cart',
        cartItemId: 'c1',
        quotationItemId: null,
        productId: 'p1',
        variantPath: '',
        quantity: 1,
        unitPrice: sgd(8_990),
        total: sgd(8_990),
        message: '',
        capture: {
          name: 'Rice cooker',
          mainImage: null,
          paramName: 'rice-cooker-p1',
          variantLabel: 'Colour: White',
          merchantName: 'Kitchen Japan',
          sourceMarketPlace: null,
          productUrl: null,
          unitPrice: sgd(8_990),
        },
      },
    ],
    cartItems: [{ id: 'c1', productId: 'p1', variantPath: '', quantity: 1 }],
    quotationItems: [],
    productCaptures: [],
    trackingNumber: null,
    carrier: null,
    trackingUrl: null,
    cancelReason: null,
    placedAt: '2026-11-23T11:00:00.000Z',
    paymentDueAt: '2026-11-23T12:00:00.000Z',
    paidAt: null,
    processingAt: null,
    shippedAt: null,
    deliveredAt: null,
    completedAt: null,
    cancelledAt: null,
    disputedAt: null,
    paynowMarkedPaidAt: null,
    unreadMessages: 0,
    ...overrides,
  };
}

type Store = {
  addresses: StoredAddress[];
  session: CheckoutSession | null;
  orderDelay?: Promise<void>;
  cardPastCeiling?: boolean;
};

function serve(store: Store) {
  api.respond(async ({ method, path, body }: ApiCall) => {
    const url = new URL(path, 'http://test.invalid');
    if (method === 'GET' && url.pathname === '/checkout/session/k1') {
      return store.session ? json(200, store.session) : json(404, envelope('checkout/not_found'));
    }
    if (method === 'GET' && url.pathname === '/address') return json(200, { addresses: store.addresses });
    if (method === 'POST' && url.pathname === '/address') {
      const address = aStoredAddress({ ...(body as Partial<StoredAddress>), id: 'a3', main: false });
      store.addresses = [...store.addresses, address];
      return json(201, { address });
    }
    if (method === 'GET' && url.pathname === '/checkout/estimate_costs') {
      return json(200, estimateFor(url.searchParams, store.cardPastCeiling));
    }
    if (method === 'POST' && url.pathname === '/voucher/get_available') {
      return json(200, {
        vouchers: [
          {
            code: 'SAVE5',
            description: '5 off any order',
            kind: 'fixed',
            percentOff: null,
            amountOff: sgd(500),
            maxDiscount: null,
            minSpend: sgd(0),
            endsAt: null,
            paymentMethods: [],
            discount: sgd(500),
            refusal: null,
          },
          {
            code: 'BIG20',
            description: '20 off big orders',
            kind: 'fixed',
            percentOff: null,
            amountOff: sgd(2000),
            maxDiscount: null,
            minSpend: sgd(50_000),
            endsAt: null,
            paymentMethods: [],
            discount: null,
            refusal: { code: 'voucher/minimum_not_met', params: ['S$500.00'], message: 'raw server text' },
          },
        ],
      });
    }
    if (method === 'POST' && url.pathname === '/voucher/validate') {
      const { code } = body as { code: string };
      if (code === 'SAVE5' || code === 'PAYNOW') return json(200, { voucher: { code }, discount: sgd(500) });
      return json(400, envelope('voucher/unknown'));
    }
    if (method === 'POST' && url.pathname === '/checkout/create_order') {
      await store.orderDelay;
      return json(201, { order: anOrder() });
    }
    return json(404, envelope('general/not_found'));
  });
}

function OrderPage() {
  const location = useLocation();
  return <h1>Order page {`${location.pathname}${location.search}`}</h1>;
}

function renderCheckout(sessionKey = 'k1') {
  const Stub = createRoutesStub([
    {
      path: '/checkout',
      Component: () => (
        <ShellQueryProvider userId="u1">
          <CheckoutView sessionKey={sessionKey} profile={aProfile()} />
        </ShellQueryProvider>
      ),
    },
    { path: '/cart', Component: () => <h1>Cart page</h1> },
    { path: '/orders/:id', Component: OrderPage },
  ]);
  return render(<Stub initialEntries={['/checkout']} />);
}

const total = () => screen.getByTestId('cost-total').textContent;
const estimateCalls = () =>
  api.calls
    .filter((call) => call.path.startsWith('/checkout/estimate_costs'))
    .map((call) => new URL(call.path, 'http://test.invalid').searchParams);

beforeEach(() => {
  sink = createMemorySink();
  setAnalyticsSink(sink);
  userStore.set({ signedIn: true, tfaPassed: true, profileFetched: true, profile: aProfile() });
});

afterEach(() => {
  cleanup();
  setAnalyticsSink(null);
  act(() => resetUserState());
});

describe('CheckoutView', () => {
  it('starts on the main address and the first payment method, and prices them as they change', async () => {
    serve({ addresses: [office, home], session });
    renderCheckout();
    const items = await screen.findByRole('list', { name: 'Items in this order' });
    expect(
      within(items)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Rice cooker'), expect.stringContaining('Quoted from Amazon')]);
    const delivery = screen.getByRole('group', { name: 'Delivery address' });
    expect((within(delivery).getByRole('radio', { name: /Mei Tan/ }) as HTMLInputElement).checked).toBe(true);
    const payment = screen.getByRole('group', { name: 'Payment method' });
    await waitFor(() =>
      expect(
        (within(payment).getByRole('radio', { name: /Credit or debit card/ }) as HTMLInputElement).checked,
      ).toBe(true),
    );
    // 100.00 + 8.00 shipping + 2% of 108.00
    await waitFor(() => expect(total()).toBe('S$110.16'));
    expect(screen.getByText('GST 9% (included)')).toBeTruthy();
    expect(screen.getByTestId('cost-payment-fee').textContent).toBe('S$2.16');
    expect(screen.getByTestId('cost-total').getAttribute('aria-live')).toBe('polite');
    expect(estimateCalls()[0]?.get('shippingAddressId')).toBe('a1');

    await userEvent.click(within(payment).getByRole('radio', { name: /PayNow/ }));
    await waitFor(() => expect(total()).toBe('S$108.00'));
    expect(screen.queryByTestId('cost-payment-fee')).toBeNull();

    const started = sink.events.filter((event) => event.name === 'begin_checkout');
    expect(started).toHaveLength(1);
    expect(started[0]?.params).toMatchObject({
      currency: 'SGD',
      items: [
        { item_id: 'p1', item_name: 'Rice cooker', item_variant: 'Colour: White', price: 89.9, quantity: 1 },
        { item_id: 'q1', item_name: 'Kettle from Japan', item_category: 'Amazon (QUOTATION)', quantity: 1 },
      ],
    });
  });

  it('says until when a quoted line’s price holds and folds how it is made under it, the parts adding up', async () => {
    serve({ addresses: [office, home], session });
    renderCheckout();
    const items = await screen.findByRole('list', { name: 'Items in this order' });
    const [cartLine, quotedLine] = within(items).getAllByRole('listitem') as HTMLElement[];
    expect(within(cartLine as HTMLElement).queryByText('How this price is made')).toBeNull();
    expect(within(cartLine as HTMLElement).queryByText(/locked until/)).toBeNull();
    expect(
      within(quotedLine as HTMLElement).getByText(
        'The price and the exchange rate are locked until 02/12/2026 01:00:00 Singapore time.',
      ),
    ).toBeTruthy();
    await userEvent.click(within(quotedLine as HTMLElement).getByText('How this price is made'));
    const made = within(quotedLine as HTMLElement).getByRole('region', {
      name: 'How the price of Kettle from Japan is made',
    });
    expect([...made.querySelectorAll('dl > div')].map((row) => row.textContent)).toEqual([
      "Seller's price for oneUS$7.00 (about S$9.33)",
      'Shipping to our warehouse, for oneUS$0.50 (about S$0.67)',
      'Exchange rate usedUS$1 = S$1.3333',
      'Our fee (1%)S$0.10',
      'Price for oneS$10.10',
    ]);
  });

  it('shows why an address cannot be delivered to, and takes focus there when the order is placed', async () => {
    serve({ addresses: [home, office], session });
    renderCheckout();
    const delivery = await screen.findByRole('group', { name: 'Delivery address' });
    await userEvent.click(within(delivery).getByRole('radio', { name: /Mei at work/ }));
    expect(
      await within(delivery).findByText(
        'We do not deliver this order to Japan yet; please choose another address',
      ),
    ).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('cost-shipping').textContent).toBe('Not available'));
    expect(sink.events.filter((event) => event.name === 'add_shipping_info')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(document.activeElement).toBe(within(delivery).getAllByRole('radio')[0]));
    expect(api.calls.some((call) => call.path === '/checkout/create_order')).toBe(false);
  });

  it('says when the total is more than one order can be, places nothing, and clears once a choice lowers it', async () => {
    serve({ addresses: [home], session, cardPastCeiling: true });
    renderCheckout();
    const refusal = 'One order can come to at most S$999,999.99; please split it into smaller orders';
    expect(await screen.findByText(refusal)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe(refusal));
    expect(api.calls.some((call) => call.path === '/checkout/create_order')).toBe(false);

    const payment = screen.getByRole('group', { name: 'Payment method' });
    await userEvent.click(within(payment).getByRole('radio', { name: /PayNow/ }));
    await waitFor(() => expect(screen.queryByText(refusal)).toBeNull());
  });

  it('gives the reason a voucher is refused, applies a good one, and offers the shopper’s vouchers', async () => {
    serve({ addresses: [home], session });
    renderCheckout();
    const code = await screen.findByRole('textbox', { name: 'Voucher code' });
    await userEvent.type(code, 'NOPE');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This voucher code is not valid')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');

    const mine = await screen.findByRole('list', { name: 'Your vouchers' });
    const big = within(mine).getByRole('listitem', { name: 'BIG20' });
    expect(within(big).getByText('This voucher needs a minimum spend of S$500.00')).toBeTruthy();
    expect(
      (within(big).getByRole('button', { name: 'Use voucher BIG20' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await waitFor(() => expect(total()).toBe('S$110.16'));
    await userEvent.click(within(mine).getByRole('button', { name: 'Use voucher SAVE5' }));
    expect(screen.queryByText('This voucher code is not valid')).toBeNull();
    await waitFor(() => expect(total()).toBe('S$105.06'));
    expect(screen.getByTestId('cost-discount').textContent).toBe('−S$5.00');
    await userEvent.click(screen.getByRole('button', { name: 'Remove voucher SAVE5' }));
    await waitFor(() => expect(total()).toBe('S$110.16'));

    // A voucher for another payment method stays on the order with the reason it gives nothing.
    // The refused code stays in the field to be corrected.
    expect((code as HTMLInputElement).value).toBe('NOPE');
    await userEvent.clear(code);
    await userEvent.type(code, 'PAYNOW');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This voucher can only be used when paying by PayNow')).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: /PayNow/ }));
    await waitFor(() =>
      expect(screen.queryByText('This voucher can only be used when paying by PayNow')).toBeNull(),
    );
  });

  it('places one order however often the button is pressed, records the purchase and opens the order', async () => {
    let release = () => {};
    const orderDelay = new Promise<void>((resolve) => {
      release = resolve;
    });
    serve({ addresses: [home], session, orderDelay });
    renderCheckout();
    await waitFor(() => expect(total()).toBe('S$110.16'));
    await userEvent.type(screen.getByRole('textbox', { name: /Notes for the store/ }), ' Leave at the door ');
    const place = screen.getByRole('button', { name: 'Place order' });
    // Two presses before the page has redrawn, then more while the first is on its way.
    act(() => {
      place.click();
      place.click();
    });
    await userEvent.dblClick(place);
    expect(await screen.findByRole('button', { name: 'Placing your order…' })).toBeTruthy();
    release();
    expect(await screen.findByRole('heading', { name: 'Order page /orders/o1?placed=1' })).toBeTruthy();

    const orders = api.calls.filter((call) => call.path === '/checkout/create_order');
    expect(orders).toHaveLength(1);
    expect(orders[0]?.body).toEqual({
      checkoutSessionKey: 'k1',
      shippingAddressId: 'a1',
      paymentMethod: 'card',
      notes: 'Leave at the door',
      regionCountryCode: undefined,
    });
    const names = sink.events.map((event) => event.name);
    expect(names.filter((name) => name === 'purchase')).toHaveLength(1);
    expect(names.indexOf('add_shipping_info')).toBeLessThan(names.indexOf('purchase'));
    expect(sink.events.find((event) => event.name === 'purchase')?.params).toEqual({
      transaction_id: 'CB-ABCD2345',
      currency: 'SGD',
      value: 110.16,
      tax: 9.1,
      shipping: 8,
      items: [
        {
          item_id: 'p1',
          item_name: 'Rice cooker',
          item_brand: 'Kitchen Japan',
          item_variant: 'Colour: White',
          price: 89.9,
          quantity: 1,
        },
      ],
    });
  });

  it('bills another address when asked, and wants one chosen', async () => {
    serve({ addresses: [home, office], session });
    renderCheckout();
    await waitFor(() => expect(total()).toBe('S$110.16'));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Bill to the delivery address' }));
    const billing = screen.getByRole('group', { name: 'Billing address' });
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await within(billing).findByText('Please choose the billing address')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(billing).getAllByRole('radio')[0]));
    await userEvent.click(within(billing).getByRole('radio', { name: /Mei at work/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await screen.findByRole('heading', { name: /Order page/ });
    expect(api.calls.find((call) => call.path === '/checkout/create_order')?.body).toMatchObject({
      shippingAddressId: 'a1',
      billingAddressId: 'a2',
    });
  });

  it('adds a delivery address in place when the shopper has none, and delivers there', async () => {
    serve({ addresses: [], session });
    renderCheckout();
    const form = await screen.findByRole('form', { name: 'Add a delivery address' });
    expect((within(form).getByRole('textbox', { name: /Full name/ }) as HTMLInputElement).value).toBe(
      'Mei Tan',
    );
    await userEvent.type(within(form).getByRole('textbox', { name: /^Address/ }), '10 Bayfront Avenue');
    await userEvent.type(within(form).getByRole('textbox', { name: /Postal code/ }), '018956');
    await userEvent.click(within(form).getByRole('button', { name: 'Save address' }));
    const delivery = await screen.findByRole('group', { name: 'Delivery address' });
    await waitFor(() =>
      expect(
        (within(delivery).getByRole('radio', { name: /10 Bayfront Avenue/ }) as HTMLInputElement).checked,
      ).toBe(true),
    );
    await waitFor(() => expect(estimateCalls().at(-1)?.get('shippingAddressId')).toBe('a3'));
  });

  it('leads back to the cart when the checkout has ended or names nothing', async () => {
    serve({ addresses: [home], session: null });
    renderCheckout();
    expect(await screen.findByText('This checkout has ended')).toBeTruthy();
    expect(screen.getByText('This checkout is not found; please start again from your cart')).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'Back to your cart' }));
    expect(await screen.findByRole('heading', { name: 'Cart page' })).toBeTruthy();
    cleanup();

    renderCheckout('');
    expect(screen.getByText('Nothing to check out')).toBeTruthy();
  });

  it('leads to the order a checkout already placed', async () => {
    serve({ addresses: [home], session: { ...session, orderId: 'o1' } });
    renderCheckout();
    expect(await screen.findByText('This checkout has placed your order')).toBeTruthy();
    expect(api.calls.some((call) => call.path.startsWith('/checkout/estimate_costs'))).toBe(false);
    await userEvent.click(screen.getByRole('link', { name: 'See your order' }));
    expect(await screen.findByRole('heading', { name: 'Order page /orders/o1' })).toBeTruthy();
  });
});
