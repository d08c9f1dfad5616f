import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
        payload: '000201',
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
    expect(screen.getByText('31 Dec 2026')).toBeTruthy();
    expect(screen.getByText('S$107.05')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'I have paid' }));
    expect(await screen.findByText(/We are checking your transfer/)).toBeTruthy();
    expect(markedPaidAt).not.toBeNull();
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
