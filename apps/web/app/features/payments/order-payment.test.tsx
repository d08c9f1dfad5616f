import { crc16Ccitt } from '@crossbuy/core/order';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { qrFileExtension } from './components/paynow-panel';
import { OrderPayment } from './order-payment';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

const ORDER_ID = '5b0c9a8e-0000-4000-8000-000000000001';
const base = {
  orderId: ORDER_ID,
  orderRef: 'CB-7K3M9Q2X',
  amount: { amountMinor: 10_705, currency: 'SGD' },
  payable: true,
  paymentDueAt: '2026-12-31T10:00:00.000Z',
};

// A PayNow payload as the server makes it: to UEN 53312345X, S$107.05, reference CB-7K3M9Q2X.
const field = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;
const paynowBody = [
  field('00', '01'),
  field('01', '12'),
  field(
    '26',
    [
      field('00', 'SG.PAYNOW'),
      field('01', '2'),
      field('02', '53312345X'),
      field('03', '0'),
      field('04', '20261231'),
    ].join(''),
  ),
  field('52', '0000'),
  field('53', '702'),
  field('54', '107.05'),
  field('58', 'SG'),
  field('59', 'Crossbuy'),
  field('60', 'Singapore'),
  field('62', field('01', 'CB-7K3M9Q2X')),
].join('');
const paynowPayload = `${paynowBody}6304${crc16Ccitt(`${paynowBody}6304`)}`;

let info: Record<string, unknown>;
let markedPaidAt: string | null;
const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
  const url = String(input);
  if (url === `/api/order/${ORDER_ID}/payment_info`) return json(200, info);
  if (url === `/api/order/${ORDER_ID}/paynow_paid`) {
    markedPaidAt = '2026-12-30T01:02:03.000Z';
    return json(200, { markedPaidAt });
  }
  if (url === '/api/payment/test_card/pay' && init.method === 'POST') {
    const { cardNumber } = JSON.parse(String(init.body));
    return cardNumber.replaceAll(' ', '') === '4242424242424242'
      ? json(200, { status: 'succeeded' })
      : json(200, { status: 'failed', message: 'Your card was declined (test card)' });
  }
  return json(404, {});
});

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the anti-forgery cookie the API client reads
  document.cookie = 'XSRF-TOKEN=token; path=/';
  markedPaidAt = null;
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

function renderPayment(method: 'card' | 'paynow' | 'test_card', onPaid = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <OrderPayment
        order={{ id: ORDER_ID, status: 'pending_payment', paymentMethod: method }}
        onPaid={onPaid}
      />
    </QueryClientProvider>,
  );
  return onPaid;
}

describe('OrderPayment', () => {
  it('shows nothing for an order that is not waiting for payment', () => {
    const client = new QueryClient();
    const { container } = render(
      <QueryClientProvider client={client}>
        <OrderPayment order={{ id: ORDER_ID, status: 'paid', paymentMethod: 'card' }} />
      </QueryClientProvider>,
    );
    expect(container.textContent).toBe('');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('pays with the labelled test card, telling a declined card apart', async () => {
    info = { ...base, method: 'test_card' };
    const onPaid = renderPayment('test_card');
    expect(await screen.findByText(/Test card — no real payment/)).toBeTruthy();
    const field = screen.getByLabelText(/Test card number/);
    await userEvent.type(field, '4000 0000 0000 0002');
    await userEvent.click(screen.getByRole('button', { name: 'Pay with the test card' }));
    expect(await screen.findByText('Your card was declined (test card)')).toBeTruthy();
    expect(onPaid).not.toHaveBeenCalled();

    await userEvent.clear(field);
    await userEvent.type(field, '4242 4242 4242 4242{Enter}');
    expect(await screen.findByText('Thank you, your payment has been received.')).toBeTruthy();
    expect(onPaid).toHaveBeenCalledTimes(1);
  });

  it('shows the PayNow QR with amount, reference and expiry, and takes "I have paid"', async () => {
    info = {
      ...base,
      method: 'paynow',
      paynow: {
        payload: paynowPayload,
        qrImage: 'data:image/png;base64,AAAA',
        reference: 'CB-7K3M9Q2X',
        expiryDate: '20261231',
        merchantName: 'Crossbuy',
        markedPaidAt: null,
      },
    };
    renderPayment('paynow');
    const qr = await screen.findByRole('img', { name: 'PayNow QR code to pay Crossbuy' });
    expect(qr.getAttribute('src')).toBe('data:image/png;base64,AAAA');
    expect(screen.getByTestId('paynow-reference').textContent).toBe('CB-7K3M9Q2X');
    // The QR's day of expiry is not offered as the deadline to pay, which the order page gives to the minute.
    expect(screen.getByText('QR valid until').nextElementSibling?.textContent).toBe('31/12/2026');
    expect(screen.queryByText('Pay by')).toBeNull();
    expect(screen.getByText('S$107.05')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Paying on this phone?' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'I have paid' }));
    expect(await screen.findByText(/We are checking your transfer/)).toBeTruthy();
    expect(markedPaidAt).not.toBeNull();
    expect(screen.queryByRole('heading', { name: 'Paying on this phone?' })).toBeNull();
  });

  it('lets a shopper on a phone save the QR and copy the UEN, amount and reference, saying each was copied', async () => {
    info = {
      ...base,
      method: 'paynow',
      paynow: {
        payload: paynowPayload,
        qrImage: 'data:image/png;base64,AAAA',
        reference: 'CB-7K3M9Q2X',
        expiryDate: '20261231',
        merchantName: 'Crossbuy',
        markedPaidAt: null,
      },
    };
    const user = userEvent.setup();
    renderPayment('paynow');
    const save = await screen.findByRole('link', { name: 'Save QR image' });
    expect(save.getAttribute('href')).toBe('data:image/png;base64,AAAA');
    expect(save.getAttribute('download')).toBe('PayNow-CB-7K3M9Q2X.png');
    expect(screen.getByTestId('paynow-uen').textContent).toBe('53312345X');

    const status = screen.getByRole('status');
    for (const [button, what, value] of [
      ['Copy UEN', 'UEN', '53312345X'],
      ['Copy amount', 'amount', '107.05'],
      ['Copy reference', 'reference', 'CB-7K3M9Q2X'],
    ] as const) {
      await user.click(screen.getByRole('button', { name: button }));
      expect(await navigator.clipboard.readText()).toBe(value);
      expect(status.textContent).toBe(`Copied the ${what}.`);
    }
    const steps = within(screen.getByRole('region', { name: 'Paying on this phone?' })).getAllByRole(
      'listitem',
    );
    expect(steps.map((step) => step.textContent)).toEqual([
      "Open your bank's app and choose PayNow, then pay to a UEN.",
      'Paste the UEN, the amount and the reference: each has a Copy button.',
      "Or tap Save QR image, then scan the saved picture from your gallery in the bank's app.",
      'Come back here and tap I have paid.',
    ]);
  });

  it('says when the browser refuses to copy, so the shopper selects the text instead', async () => {
    info = {
      ...base,
      method: 'paynow',
      paynow: {
        payload: paynowPayload,
        qrImage: 'data:image/png;base64,AAAA',
        reference: 'CB-7K3M9Q2X',
        expiryDate: '20261231',
        merchantName: 'Crossbuy',
        markedPaidAt: null,
      },
    };
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('denied', 'NotAllowedError'),
    );
    renderPayment('paynow');
    await user.click(await screen.findByRole('button', { name: 'Copy UEN' }));
    expect(screen.getByRole('status').textContent).toBe(
      'The UEN could not be copied: select it and copy it yourself.',
    );
  });

  it('names the saved QR file by the picture it is', () => {
    expect(qrFileExtension('data:image/png;base64,AAAA')).toBe('png');
    expect(qrFileExtension('data:image/svg+xml,%3Csvg')).toBe('svg');
    expect(qrFileExtension('https://example.com/qr')).toBe('png');
  });

  it('says so when card payments are not set up, and when payment details cannot be loaded', async () => {
    info = { ...base, method: 'card', card: { publishableKey: null, clientSecret: null } };
    renderPayment('card');
    expect(await screen.findByText(/Card payments are not available right now/)).toBeTruthy();
    cleanup();

    fetchMock.mockImplementationOnce(async () =>
      json(404, {
        error: { code: 'order/not_found', params: [], message: 'The order you are looking for is not found' },
      }),
    );
    renderPayment('card');
    expect(await screen.findByText('The order you are looking for is not found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
