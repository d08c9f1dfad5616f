import type { Money } from '@crossbuy/core/money';
import type { CheckoutSession, CostEstimate } from '@crossbuy/core/order';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ShellQueryProvider } from '../../../lib/query-provider';
import { resetUserState, userStore } from '../../../lib/user-store';
import {
  type ApiCall,
  aProfile,
  aStoredAddress,
  envelope,
  fakeApi,
  json,
} from '../../../test-support/fake-api';
import { CheckoutView } from './checkout-view';

// The store's limits on guessing voucher codes and on what one shopper may hold (docs/decisions/0058), as
// the checkout shows them: each refusal's catalogue message where the shopper can act on it.

const api = fakeApi();
const sgd = (amountMinor: number): Money => ({ amountMinor, currency: 'SGD' });

const home = aStoredAddress();

const session: CheckoutSession = {
  key: 'k1',
  cartItemIds: ['c1'],
  quotationItemIds: [],
  expiresAt: '2026-11-23T12:00:00.000Z',
  orderId: null,
};

const TOO_MANY_CODES = envelope('voucher/too_many_attempts', ['840']);
const TOO_MANY_CODES_TEXT = 'Too many voucher codes were tried; please try again in 840 seconds';

/** S$50 of one line; SAVE5 takes 5 off unless `codesRefused`, when the store checks no code. */
function estimateFor(query: URLSearchParams, codesRefused: boolean): CostEstimate {
  const code = query.get('voucherCode');
  const applies = code === 'SAVE5' && !codesRefused;
  const total = applies ? 4_500 : 5_000;
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
        variantLabel: null,
        marketplaceLabel: null,
        quantity: 1,
        unitPrice: sgd(5_000),
        total: sgd(5_000),
        message: '',
        quoteTerms: null,
        quoteExpiresAt: null,
      },
    ],
    subtotal: sgd(5_000),
    discount: sgd(applies ? 500 : 0),
    shippingFee: sgd(0),
    paymentFee: sgd(0),
    tax: null,
    total: sgd(total),
    voucher:
      code === null
        ? null
        : { code, refusal: codesRefused ? { ...TOO_MANY_CODES.error, params: ['840'] } : null },
    shippingRefusal: null,
    totalRefusal: null,
    paymentMethods: [{ method: 'paynow', label: 'PayNow', feePercent: '0' }],
  };
}

type Refusals = { validate?: Response; estimateCodes?: boolean; order?: () => Response };

function serve(refusals: Refusals) {
  api.respond(({ method, path }: ApiCall) => {
    const url = new URL(path, 'http://test.invalid');
    if (method === 'GET' && url.pathname === '/checkout/session/k1') return json(200, session);
    if (method === 'GET' && url.pathname === '/address') return json(200, { addresses: [home] });
    if (method === 'GET' && url.pathname === '/checkout/estimate_costs') {
      return json(200, estimateFor(url.searchParams, refusals.estimateCodes ?? false));
    }
    if (method === 'POST' && url.pathname === '/voucher/get_available') return json(200, { vouchers: [] });
    if (method === 'POST' && url.pathname === '/voucher/validate') {
      return refusals.validate ?? json(200, { voucher: { code: 'SAVE5' }, discount: sgd(500) });
    }
    if (method === 'POST' && url.pathname === '/checkout/create_order' && refusals.order) {
      return refusals.order();
    }
    return json(404, envelope('general/not_found'));
  });
}

function renderCheckout() {
  const Stub = createRoutesStub([
    {
      path: '/checkout',
      Component: () => (
        <ShellQueryProvider userId="u1">
          <CheckoutView sessionKey="k1" profile={aProfile()} />
        </ShellQueryProvider>
      ),
    },
  ]);
  return render(<Stub initialEntries={['/checkout']} />);
}

const voucherSection = () => screen.getByRole('region', { name: 'Voucher' });
const summary = () => screen.getByRole('complementary', { name: 'Order summary' });
const total = () => screen.getByTestId('cost-total').textContent;

async function applyVoucher(code: string) {
  const field = await screen.findByRole('textbox', { name: 'Voucher code' });
  await userEvent.type(field, code);
  await userEvent.click(within(voucherSection()).getByRole('button', { name: 'Apply' }));
  return field;
}

beforeEach(() => {
  userStore.set({ signedIn: true, tfaPassed: true, profileFetched: true, profile: aProfile() });
});
afterEach(() => {
  cleanup();
  act(() => resetUserState());
});

describe('CheckoutView under the store’s limits', () => {
  it('shows a code check refused for too many guesses on the voucher field', async () => {
    serve({ validate: json(429, TOO_MANY_CODES) });
    renderCheckout();
    await waitFor(() => expect(total()).toBe('S$50.00'));
    const field = await applyVoucher('SAVE5');

    expect(await within(voucherSection()).findByText(TOO_MANY_CODES_TEXT)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(within(summary()).queryByRole('alert')).toBeNull();
    expect(total()).toBe('S$50.00');
  });

  it('keeps pricing when the store checks no more codes, says why on the voucher, and places nothing with it', async () => {
    serve({ estimateCodes: true });
    renderCheckout();
    const field = await applyVoucher('SAVE5');

    expect(await within(voucherSection()).findByText(TOO_MANY_CODES_TEXT)).toBeTruthy();
    expect(total()).toBe('S$50.00');
    await userEvent.click(within(summary()).getByRole('button', { name: 'Place order' }));
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(api.calls.some((call) => call.path === '/checkout/create_order')).toBe(false);
  });

  it('shows an order refused for what the shopper already holds beside the Place order button', async () => {
    const answers = [
      json(400, envelope('checkout/too_many_unpaid_orders', ['5'])),
      json(429, envelope('checkout/too_many_orders', ['10', '42'])),
      json(400, envelope('checkout/too_many_units_held', ['Rice cooker', '20', '18'])),
    ];
    serve({ order: () => answers.shift() ?? json(500) });
    renderCheckout();
    await waitFor(() => expect(total()).toBe('S$50.00'));
    const place = within(summary()).getByRole('button', { name: 'Place order' });

    for (const message of [
      'You have 5 orders waiting for payment; please pay for or cancel one before placing another',
      'You have placed 10 orders in the last hour; please try again in 42 minute(s)',
      'At most 20 of Rice cooker can wait for payment in your orders at once (18 already do); please lower the quantity or pay for your open orders first',
    ]) {
      await userEvent.click(place);
      const alert = await within(summary()).findByRole('alert');
      await waitFor(() => expect(alert.textContent).toBe(message));
      await waitFor(() => expect(document.activeElement?.textContent).toBe(message));
    }
    expect(within(voucherSection()).queryByText(/Too many/)).toBeNull();
  });

  it('shows an order refused for too many voucher guesses on the voucher field', async () => {
    serve({ order: () => json(429, TOO_MANY_CODES) });
    renderCheckout();
    await applyVoucher('SAVE5');
    await waitFor(() => expect(total()).toBe('S$45.00'));

    await userEvent.click(within(summary()).getByRole('button', { name: 'Place order' }));

    expect(await within(voucherSection()).findByText(TOO_MANY_CODES_TEXT)).toBeTruthy();
    expect(within(summary()).queryByRole('alert')).toBeNull();
  });
});
