import type { QuotationDeskItem } from '@crossbuy/core/quotation';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, useLocation, useSearchParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ShellQueryProvider } from '../../../lib/query-provider';
import { resetUserState, userStore } from '../../../lib/user-store';
import { aQuotationItem } from '../../../test-support/cart-fixtures';
import { aProfile, envelope, fakeApi, json } from '../../../test-support/fake-api';
import { askedAgo } from './desk-item-facts';
import { type AnsweredState, QuotationAnswer } from './quotation-answer';
import { deskViewFrom, QuotationDesk } from './quotation-desk';

const api = fakeApi();

beforeEach(() => {
  userStore.set({
    signedIn: true,
    tfaPassed: true,
    profileFetched: true,
    profile: aProfile({ role: 'operator' }),
  });
});
afterEach(() => {
  cleanup();
  resetUserState();
});

function aDeskItem(overrides: Partial<QuotationDeskItem> = {}): QuotationDeskItem {
  return {
    ...aQuotationItem({
      id: 'q1',
      name: 'Cast iron kettle',
      productUrl: 'https://www.rakuten.co.jp/shop/kettle',
      sourceMarketPlace: 'Rakuten',
      marketplaceLabel: 'Rakuten (QUOTATION)',
      quantity: 2,
      instructions: 'Black, please',
      createdAt: new Date(Date.now() - 3 * 3_600_000).toISOString(),
    }),
    shopper: { id: 'u9', email: 'aiko@example.jp', firstName: 'Aiko', lastName: 'Sato' },
    extracted: { price: { amountMinor: 4800, currency: 'JPY' }, images: [], description: 'Nambu ironware' },
    ...overrides,
  };
}

const PREVIEW = {
  quotedPrice: {
    SG: { amountMinor: 4700, currency: 'SGD' },
    JP: { amountMinor: 5280, currency: 'JPY' },
  },
  expiresAt: '2026-12-01T09:00:00.000Z',
  quoteTerms: {
    sellerPrice: { amountMinor: 4800, currency: 'JPY' },
    domesticShipping: { amountMinor: 0, currency: 'JPY' },
    weightGrams: null,
    feePercent: '10',
    baseCurrency: 'SGD',
    ratesFromBase: { SGD: '1', JPY: '112.35' },
  },
};

function renderAt(path: string) {
  function Desk() {
    const [search] = useSearchParams();
    const { state } = useLocation();
    return <QuotationDesk {...deskViewFrom(search)} answered={(state as AnsweredState | null)?.answered} />;
  }
  const Stub = createRoutesStub([
    { path: '/admin/quotations', Component: Desk },
    { path: '/admin/quotations/:id', Component: () => <QuotationAnswer id="q1" /> },
  ]);
  render(
    <ShellQueryProvider userId="op">
      <Stub initialEntries={[path]} />
    </ShellQueryProvider>,
  );
}

describe('QuotationDesk', () => {
  it('lists each request with its picture, page abroad, page price, instructions, quantity, shopper and age', async () => {
    api.respond(() => json(200, { items: [aDeskItem()], total: 1, nextCursor: null }));
    renderAt('/admin/quotations');
    const table = await screen.findByRole('table', { name: '1 request waiting for a quote, oldest first' });
    expect(api.calls[0]?.path).toBe('/admin/quotation_items?status=pending&limit=20');
    const [, row] = within(table).getAllByRole('row');
    const cells = within(row as HTMLElement).getAllByRole('cell');
    expect(
      within(cells[0] as HTMLElement)
        .getByRole('link', { name: 'Cast iron kettle' })
        .getAttribute('href'),
    ).toBe('/admin/quotations/q1');
    const abroad = within(cells[0] as HTMLElement).getByRole('link', {
      name: 'Open on rakuten.co.jp (opens in a new tab)',
    });
    expect(abroad.getAttribute('href')).toBe('https://www.rakuten.co.jp/shop/kettle');
    expect(abroad.getAttribute('target')).toBe('_blank');
    expect(abroad.getAttribute('rel')).toBe('noopener noreferrer');
    expect(cells.slice(1).map((cell) => cell.textContent)).toEqual([
      '¥4,800',
      'Black, please',
      '2',
      'Aiko Satoaiko@example.jp',
      '3 hours ago',
    ]);
    expect(screen.getByRole('link', { name: 'Waiting (1)' }).getAttribute('aria-current')).toBe('page');
  });

  it('pages on by cursor in the address, and looks back at answered requests with their answer', async () => {
    api.respond((call) =>
      call.path.includes('status=declined')
        ? json(200, {
            items: [
              aDeskItem({
                status: 'd',
                statusData: { ...aDeskItem().statusData, declineReason: 'Not sold abroad' },
              }),
            ],
            total: 3,
            nextCursor: 'cursor-2',
          })
        : json(200, { items: [], total: 0, nextCursor: null }),
    );
    renderAt('/admin/quotations');
    expect(await screen.findByText('No request is waiting for a quote.')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Declined' }));
    const table = await screen.findByRole('table', { name: '3 requests declined, newest first' });
    expect(within(table).getAllByRole('columnheader').at(-1)?.textContent).toBe('Answer');
    expect(within(table).getByText('Not sold abroad')).toBeTruthy();
    const next = screen.getByRole('link', { name: 'Next page' });
    expect(next.getAttribute('href')).toBe('/admin/quotations?status=declined&after=cursor-2');
    await user.click(next);
    await screen.findByRole('link', { name: 'First page' });
    expect(api.calls.at(-1)?.path).toBe('/admin/quotation_items?status=declined&limit=20&after=cursor-2');
  });

  it('shows the catalogue message of a failure and loads again on request', async () => {
    api.respond(() => json(400, envelope('general/argument_error')));
    renderAt('/admin/quotations?after=stale');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not load the requests: Argument(s) contains error',
    );
    api.respond(() => json(200, { items: [], total: 0, nextCursor: null }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('There are no more requests.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the first page' }).getAttribute('href')).toBe(
      '/admin/quotations',
    );
  });

  it('reads only the views it knows from the address', () => {
    expect(deskViewFrom(new URLSearchParams('status=resolved&after=abc'))).toEqual({
      status: 'resolved',
      after: 'abc',
    });
    expect(deskViewFrom(new URLSearchParams(`status=p&after=${'x'.repeat(101)}`))).toEqual({
      status: 'pending',
      after: null,
    });
  });

  it('says how long ago a request came in the largest whole unit', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    expect(askedAgo('2026-11-23T11:59:30Z', now)).toBe('just now');
    expect(askedAgo('2026-11-23T11:15:00Z', now)).toBe('45 minutes ago');
    expect(askedAgo('2026-11-23T09:00:00Z', now)).toBe('3 hours ago');
    expect(askedAgo('2026-11-22T10:00:00Z', now)).toBe('yesterday');
    expect(askedAgo('2026-11-13T12:00:00Z', now)).toBe('10 days ago');
  });
});

describe('QuotationAnswer', () => {
  /** The desk's calls; once an answer is posted, the item reads as answered, as the server would say. */
  function answerDesk(extra: (call: { method: string; path: string; body: unknown }) => Response | null) {
    let status: QuotationDeskItem['status'] = 'p';
    api.respond((call) => {
      const answered = extra(call);
      if (answered) {
        if (call.method === 'POST') status = call.path.endsWith('/resolve') ? 'r' : 'd';
        return answered;
      }
      if (call.path === '/admin/quotation_items/q1') return json(200, { item: aDeskItem({ status }) });
      if (call.path === '/admin/quotation_items/quote_currencies') {
        return json(200, { currencies: ['SGD', 'JPY', 'MYR'] });
      }
      if (call.path.startsWith('/admin/quotation_items/quote_preview')) return json(200, PREVIEW);
      return json(200, { items: [], total: 0, nextCursor: null });
    });
  }
  const previews = () => api.calls.filter((call) => call.path.includes('quote_preview'));

  it("starts from the page price, previews the quote and its breakdown as the seller's price is typed, and sends it", async () => {
    answerDesk((call) =>
      call.method === 'POST' ? json(200, { quotationItem: aQuotationItem({ status: 'r' }) }) : null,
    );
    renderAt('/admin/quotations/q1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cast iron kettle' })).toBeTruthy();
    const amount = screen.getByLabelText(/^Seller's price for one/);
    expect((amount as HTMLInputElement).value).toBe('4800');
    expect((screen.getByLabelText("Seller's currency") as HTMLSelectElement).value).toBe('JPY');
    const quote = await screen.findByRole('table', { name: 'The quote per region, before sending' });
    expect(previews().map((call) => call.path)).toEqual([
      '/admin/quotation_items/quote_preview?amountMinor=4800&currency=JPY',
    ]);
    expect(
      within(quote)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['RegionEachFor 2', 'SingaporeS$47.00S$94.00', 'Japan¥5,280¥10,560']);
    expect(screen.getByTestId('quote-expiry').textContent).toBe(
      'The price and the exchange rate are locked until 01/12/2026 17:00:00 Singapore time.',
    );
    // The breakdown a shopper in Singapore reads, open; Japan's folded away under its region.
    const singapore = screen.getByRole('region', {
      name: 'How the price is made for a shopper in Singapore',
    });
    expect([...singapore.querySelectorAll('dl > div')].map((row) => row.textContent)).toEqual([
      "Seller's price for one¥4,800 (about S$42.72)",
      'Exchange rate used¥100 = S$0.8901',
      'Our fee (10%)S$4.28',
      'Price for oneS$47.00',
      'Price for 2S$94.00',
    ]);

    const user = userEvent.setup();
    await user.clear(amount);
    await user.type(amount, '52.5');
    await user.selectOptions(screen.getByLabelText("Seller's currency"), 'SGD');
    await expect
      .poll(() => previews().at(-1)?.path)
      .toBe('/admin/quotation_items/quote_preview?amountMinor=5250&currency=SGD');
    // One request per pause, not one per key typed.
    expect(previews().length).toBeLessThanOrEqual(3);

    await user.click(screen.getByRole('button', { name: 'Send quote' }));
    const news = await screen.findByText('Quoted Cast iron kettle. The shopper is told.');
    expect(news.getAttribute('role')).toBe('status');
    await waitFor(() => expect(document.activeElement).toBe(news));
    expect(api.calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/admin/quotation_items/q1/resolve',
      body: { basePrice: { amountMinor: 5250, currency: 'SGD' } },
    });
  }, 15_000);

  it('sends the shipping to the warehouse and the weight with the price, and refuses ones it cannot take', async () => {
    answerDesk((call) =>
      call.method === 'POST' ? json(200, { quotationItem: aQuotationItem({ status: 'r' }) }) : null,
    );
    renderAt('/admin/quotations/q1');
    const shipping = await screen.findByLabelText(/^Shipping to our warehouse, for one/);
    const weight = screen.getByLabelText(/^Estimated weight of one, in grams/);
    const user = userEvent.setup();
    await user.type(shipping, '-5');
    expect(
      await screen.findByText(
        "Please enter the shipping to the warehouse in the seller's currency: zero or more, at most 999,999.99",
      ),
    ).toBeTruthy();
    await user.type(weight, '1.5');
    expect(
      await screen.findByText(
        'Please enter the weight of one in whole grams: above zero and at most 1,000 kg',
      ),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Send quote' }) as HTMLButtonElement).disabled).toBe(true);

    await user.clear(shipping);
    await user.type(shipping, '600');
    await user.clear(weight);
    await user.type(weight, '2,400');
    await expect
      .poll(() => previews().at(-1)?.path)
      .toBe(
        '/admin/quotation_items/quote_preview?amountMinor=4800&currency=JPY&domesticShippingMinor=600&weightGrams=2400',
      );
    await user.click(screen.getByRole('button', { name: 'Send quote' }));
    await screen.findByText('Quoted Cast iron kettle. The shopper is told.');
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      basePrice: { amountMinor: 4800, currency: 'JPY' },
      domesticShippingMinor: 600,
      weightGrams: 2400,
    });
  });

  it('refuses a base price that is not an amount, and shows a refused preview’s message', async () => {
    answerDesk((call) =>
      call.path.includes('currency=MYR')
        ? json(400, envelope('quotation/no_exchange_rate', ['SGD', 'MYR']))
        : null,
    );
    renderAt('/admin/quotations/q1');
    const amount = await screen.findByLabelText(/^Seller's price for one/);
    const user = userEvent.setup();
    const refusal =
      'Please enter the price the store pays in a supported currency: above zero and at most 999,999.99 (99,999,999 in a currency without cents)';
    // Words, then a yen past the most an order can come to, then more digits than a number holds exactly.
    for (const typed of ['ten', '100,000,000', '99999999999999999999']) {
      await user.clear(amount);
      await user.type(amount, typed);
      expect(await screen.findByText(refusal)).toBeTruthy();
      expect(amount.getAttribute('aria-invalid')).toBe('true');
      expect((screen.getByRole('button', { name: 'Send quote' }) as HTMLButtonElement).disabled).toBe(true);
    }

    await user.clear(amount);
    await user.type(amount, '10');
    await user.selectOptions(screen.getByLabelText("Seller's currency"), 'MYR');
    expect(
      await screen.findByText('There is no exchange rate from SGD to MYR; add one before quoting'),
    ).toBeTruthy();
  });

  it('keeps a page price in a currency without a rate chosen, so the preview says what is missing', async () => {
    answerDesk((call) => {
      if (call.path === '/admin/quotation_items/q1') {
        return json(200, {
          item: aDeskItem({
            extracted: { price: { amountMinor: 1999, currency: 'USD' }, images: [], description: null },
          }),
        });
      }
      return call.path.includes('currency=USD')
        ? json(400, envelope('quotation/no_exchange_rate', ['SGD', 'USD']))
        : null;
    });
    renderAt('/admin/quotations/q1');
    expect(((await screen.findByLabelText(/^Seller's price for one/)) as HTMLInputElement).value).toBe(
      '19.99',
    );
    expect(
      await screen.findByText('There is no exchange rate from SGD to USD; add one before quoting'),
    ).toBeTruthy();
    const currency = screen.getByLabelText("Seller's currency") as HTMLSelectElement;
    expect(currency.value).toBe('USD');
    expect([...currency.options].map((option) => option.value)).toEqual(['USD', 'SGD', 'JPY', 'MYR']);
  });

  it('asks before declining, keeps the request when told to, and declines with the reason', async () => {
    answerDesk((call) =>
      call.method === 'POST' ? json(200, { quotationItem: aQuotationItem({ status: 'd' }) }) : null,
    );
    renderAt('/admin/quotations/q1');
    const reason = await screen.findByLabelText(/^Reason for the shopper/);
    expect(screen.queryByRole('button', { name: 'Decline' })).toBeNull();
    const user = userEvent.setup();
    await user.type(reason, '  The seller does not ship abroad ');
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Decline Cast iron kettle? The shopper is told: “The seller does not ship abroad”',
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep it waiting' }));
    await user.click(screen.getByRole('button', { name: 'Keep it waiting' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Decline' }));
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await user.click(screen.getByRole('button', { name: 'Yes, decline' }));
    expect(await screen.findByText('Declined Cast iron kettle. The shopper is told.')).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/admin/quotation_items/q1/decline',
      body: { reason: 'The seller does not ship abroad' },
    });
  });

  it('shows an answered request’s answer instead of the forms, and a missing one’s message', async () => {
    api.respond((call) =>
      call.path === '/admin/quotation_items/q1'
        ? json(200, {
            item: aDeskItem({
              status: 'r',
              statusData: {
                basePrice: { amountMinor: 4800, currency: 'JPY' },
                quotedPrice: PREVIEW.quotedPrice as QuotationDeskItem['statusData']['quotedPrice'],
                quotedAt: '2026-11-24T09:00:00.000Z',
                expiresAt: PREVIEW.expiresAt,
                declineReason: null,
                quoteTerms: null,
              },
            }),
          })
        : json(200, {}),
    );
    renderAt('/admin/quotations/q1');
    expect(await screen.findByRole('table', { name: 'The quote per region' })).toBeTruthy();
    expect(screen.getByText(/^Seller's price for one:/).textContent).toBe("Seller's price for one: ¥4,800");
    expect(screen.queryByRole('button', { name: 'Send quote' })).toBeNull();
    cleanup();

    api.respond(() => json(404, envelope('quotation/not_found', ['q1'])));
    renderAt('/admin/quotations/q1');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The quotation item you are looking for is not found',
    );
  });
});
