import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SavedCards } from './saved-cards';

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let cards: { id: string; brand: string; last4: string; expMonth: number; expYear: number }[];
const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
  const url = String(input);
  if (url === '/api/payment/stripe/card/payment_methods') return json(200, { paymentMethods: cards });
  const removed = /^\/api\/payment\/stripe\/card\/payment_methods\/(.+)$/.exec(url);
  if (removed && init.method === 'DELETE') {
    cards = cards.filter((card) => card.id !== removed[1]);
    return json(200, { ok: true });
  }
  return json(404, { error: { code: 'general/not_found', params: [], message: 'Not found' } });
});

beforeEach(() => {
  // biome-ignore lint/suspicious/noDocumentCookie: the anti-forgery cookie the API client reads
  document.cookie = 'XSRF-TOKEN=token; path=/';
  cards = [{ id: 'pm_visa', brand: 'visa', last4: '4242', expMonth: 4, expYear: 2030 }];
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  fetchMock.mockClear();
});

function renderCards(tfaPassed: boolean) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SavedCards tfaPassed={tfaPassed} />
    </QueryClientProvider>,
  );
}

describe('saved cards', () => {
  it('asks for two-factor authentication before asking the server', () => {
    renderCards(false);
    expect(screen.getByText(/signed in with two-factor authentication/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lists the cards and removes one only after asking', async () => {
    const user = userEvent.setup();
    renderCards(true);
    const row = (await screen.findByText('Visa ending 4242')).closest('li') as HTMLElement;
    expect(within(row).getByText('expires 04/2030')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: 'Remove Visa ending 4242' }));
    expect(fetchMock).not.toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ method: 'DELETE' }),
    );
    await user.click(within(row).getByRole('button', { name: 'Keep' }));
    await user.click(within(row).getByRole('button', { name: 'Remove Visa ending 4242' }));
    await user.click(within(row).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(/No saved cards/)).toBeTruthy();
  });
});
