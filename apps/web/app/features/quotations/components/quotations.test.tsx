import type { QuotationItem } from '@crossbuy/core/quotation';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShellQueryProvider } from '../../../lib/query-provider';
import { resetUserState, userStore } from '../../../lib/user-store';
import { aQuotationItem, aQuoteTerms } from '../../../test-support/cart-fixtures';
import { aProfile, envelope, fakeApi, json } from '../../../test-support/fake-api';
import { CHECKOUT_SELECTION_KEY } from '../../cart/checkout-selection';
import { PENDING_POLL_MS } from '../api/quotations-api';
import { QuotationDetail } from './quotation-detail';
import { QuotationList } from './quotation-list';
import { QuotationRequestForm } from './quotation-request-form';

const api = fakeApi();

const sgd = (amountMinor: number) => ({ amountMinor, currency: 'SGD' as const });
const resolved = (overrides: Partial<QuotationItem> = {}) =>
  aQuotationItem({
    id: 'q2',
    name: 'Rice cooker from Rakuten',
    status: 'r',
    quantity: 2,
    price: sgd(25000),
    unavailableReason: null,
    marketplaceLabel: 'Rakuten (QUOTATION)',
    statusData: {
      basePrice: { amountMinor: 10000, currency: 'JPY' },
      quotedPrice: { SG: sgd(12500) },
      quotedAt: '2026-11-20T01:00:00.000Z',
      expiresAt: '2099-11-27T01:00:00.000Z',
      declineReason: null,
      quoteTerms: null,
    },
    ...overrides,
  });

beforeEach(() => {
  userStore.set({ signedIn: true, tfaPassed: true, profileFetched: true, profile: aProfile() });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  resetUserState();
});

function renderAt(path: string, element: React.ReactNode) {
  const Stub = createRoutesStub([
    { path: path.split('?')[0] as string, Component: () => element },
    { path: '/quotations', Component: () => <h1>Quotations page</h1> },
    { path: '/quotations/:id', Component: () => <h1>Detail page</h1> },
  ]);
  return render(
    <ShellQueryProvider userId="u1">
      <Stub initialEntries={[path]} />
    </ShellQueryProvider>,
  );
}

describe('the quotation list', () => {
  it("shows each item's status message, marketplace label, price and expiry date", async () => {
    const expired = resolved({
      id: 'q3',
      name: 'Old lamp',
      unavailableReason: 'quotation/expired',
      // 20:00 UTC on 31 October was already 1 November in Singapore, the day the shopper is told.
      statusData: { ...resolved().statusData, expiresAt: '2026-10-31T20:00:00.000Z' },
    });
    const declined = aQuotationItem({
      id: 'q4',
      name: 'Sword',
      status: 'd',
      unavailableReason: 'quotation/declined',
      statusData: { ...aQuotationItem().statusData, declineReason: 'We cannot ship blades.' },
    });
    api.respond(() =>
      json(200, {
        quotationItems: [aQuotationItem(), resolved(), expired, declined],
        products: [],
        total: 4,
        page: 1,
        limit: 20,
      }),
    );
    renderAt('/list', <QuotationList filter="all" page={1} />);

    const pending = await screen.findByRole('listitem', { name: 'Kettle from Japan' });
    expect(within(pending).getByText('Quoting your product...')).toBeTruthy();
    expect(within(pending).getByText('Quoted from Amazon')).toBeTruthy();
    expect(within(pending).queryByTestId('quotation-price')).toBeNull();

    const quoted = screen.getByRole('listitem', { name: 'Rice cooker from Rakuten' });
    expect(within(quoted).getByText('Your Quotation is here!')).toBeTruthy();
    expect(within(quoted).getByText('Quoted from Rakuten')).toBeTruthy();
    expect(within(quoted).getByTestId('quotation-price').textContent).toMatch(/^S\$250\.00$/);
    expect(within(quoted).getByTestId('quotation-expiry').textContent).toBe('Valid until 27/11/2099');

    const old = screen.getByRole('listitem', { name: 'Old lamp' });
    expect(within(old).getByTestId('quotation-expiry').textContent).toBe(
      'This quotation expired on 01/11/2026; request it again to get a new price',
    );
    const sword = screen.getByRole('listitem', { name: 'Sword' });
    expect(within(sword).getByText('Quotation is unsuccessful.')).toBeTruthy();
    expect(within(sword).getByText('We cannot ship blades.')).toBeTruthy();

    expect(api.calls[0]?.path).toBe('/quotation?filter=all&page=1&limit=20');
    expect(screen.getByRole('link', { name: 'All' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Expired' }).getAttribute('href')).toBe(
      '/quotations?filter=expired',
    );
  });

  it('says when a filter has nothing, and shows a failure with a way to try again', async () => {
    api.respond(() => json(500, envelope('general/unknown_error', ['down'])));
    renderAt('/list', <QuotationList filter="expired" page={1} />);
    expect(
      await screen.findByText(/We could not load your quotations/, undefined, { timeout: 4000 }),
    ).toBeTruthy();
    api.respond(() => json(200, { quotationItems: [], products: [], total: 0, page: 1, limit: 20 }));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No quotations here')).toBeTruthy();
  });
});

describe('the quotation detail', () => {
  it('asks again while pending and shows the answer by itself, then stops asking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer: QuotationItem = aQuotationItem();
    api.respond(() => json(200, { quotationItem: answer, product: null }));
    renderAt('/quotations/q1', <QuotationDetail id="q1" />);
    expect(await screen.findByText('Quoting your product...')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Quoting your product...');

    answer = resolved({ id: 'q1' });
    await act(() => vi.advanceTimersByTimeAsync(PENDING_POLL_MS + 10));
    expect(await screen.findByText('Your Quotation is here!')).toBeTruthy();
    expect(screen.getByTestId('quotation-price').textContent).toMatch(/^S\$250\.00$/);
    const calls = api.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(PENDING_POLL_MS * 3));
    expect(api.calls.length).toBe(calls);
  });

  it('says when the item was requested in Singapore time', async () => {
    api.respond(() =>
      json(200, {
        quotationItem: resolved({ id: 'q1', createdAt: '2026-03-01T17:30:00.000Z' }),
        product: null,
      }),
    );
    renderAt('/quotations/q1', <QuotationDetail id="q1" />);
    expect(await screen.findByText('Requested 02/03/2026 01:30:00 Singapore time')).toBeTruthy();
  });

  it('requests an expired quote again in one step', async () => {
    let answer = resolved({ id: 'q1', unavailableReason: 'quotation/expired' });
    api.respond(({ method }) => {
      if (method === 'POST') answer = aQuotationItem({ id: 'q1' });
      return json(200, { quotationItem: answer, product: null });
    });
    renderAt('/quotations/q1', <QuotationDetail id="q1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Request again' }));
    expect(
      api.calls.some(
        (call) => call.method === 'POST' && call.path.startsWith('/quotation_item/q1/request_again'),
      ),
    ).toBe(true);
    expect(await screen.findByText('Quoting your product...')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Request again' })).toBeNull();
  });

  it('saves a new quantity and instructions, and removes the item', async () => {
    api.respond(({ method, body }) => {
      if (method === 'DELETE') return json(204);
      return json(200, {
        quotationItem: { ...aQuotationItem({ id: 'q1' }), ...(body as object) },
        product: null,
      });
    });
    renderAt('/quotations/q1', <QuotationDetail id="q1" />);
    const quantity = await screen.findByLabelText('Quantity');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '4');
    await userEvent.type(screen.getByLabelText('Instructions for the store'), 'Blue please');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your changes are saved.')).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({
      quantity: 4,
      instructions: 'Blue please',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('heading', { name: 'Quotations page' })).toBeTruthy();
  });
});

describe('a quoted item, bought', () => {
  const quoted = resolved({
    price: sgd(2020),
    statusData: {
      ...resolved().statusData,
      basePrice: { amountMinor: 700, currency: 'USD' },
      quotedPrice: { SG: sgd(1010) },
      expiresAt: '2099-11-27T01:00:00.000Z',
      quoteTerms: aQuoteTerms(),
    },
  });

  function renderDetail() {
    function Landing() {
      const location = useLocation();
      return <h1>{`Landed on ${location.pathname}${location.search}`}</h1>;
    }
    const Stub = createRoutesStub([
      { path: '/quotations/:id', Component: () => <QuotationDetail id="q2" /> },
      { path: '/checkout', Component: Landing },
      { path: '/cart', Component: Landing },
    ]);
    render(
      <ShellQueryProvider userId="u1">
        <Stub initialEntries={['/quotations/q2']} />
      </ShellQueryProvider>,
    );
  }

  beforeEach(() => window.sessionStorage.clear());

  it('shows how the price is made and until when it holds, in Singapore time', async () => {
    api.respond(() => json(200, { quotationItem: quoted, product: null }));
    renderDetail();
    const breakdown = await screen.findByRole('region', { name: 'How the price is made' });
    expect(within(breakdown).getByRole('heading', { level: 2 })).toBeTruthy();
    expect([...breakdown.querySelectorAll('dl > div')].map((row) => row.textContent)).toEqual([
      "Seller's price for oneUS$7.00 (about S$9.33)",
      'Shipping to our warehouse, for oneUS$0.50 (about S$0.67)',
      'Exchange rate usedUS$1 = S$1.3333',
      'Our fee (1%)S$0.10',
      'Price for oneS$10.10',
      'Price for 2S$20.20',
    ]);
    expect(within(breakdown).getByText(/^Estimated weight 1\.2 kg each\./)).toBeTruthy();
    expect(within(breakdown).getByTestId('quote-holds-until').textContent).toBe(
      'The price and the exchange rate are locked until 27/11/2099 09:00:00 Singapore time.',
    );
  });

  it('checks the item out on its own at once', async () => {
    api.respond((call) =>
      call.path === '/checkout/session'
        ? json(201, {
            key: 'k1',
            cartItemIds: [],
            quotationItemIds: ['q2'],
            expiresAt: '2099-01-01T00:00:00.000Z',
            orderId: null,
          })
        : json(200, { quotationItem: quoted, product: null }),
    );
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'Check out now' }));
    expect(await screen.findByText('Landed on /checkout?session=k1')).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/checkout/session',
      body: { cartItemIds: [], quotationItemIds: ['q2'] },
    });
  });

  it('adds the item to the cart checked for checkout, keeping what else was chosen', async () => {
    window.sessionStorage.setItem(
      CHECKOUT_SELECTION_KEY,
      JSON.stringify({
        cartItemIds: ['c1'],
        quotationItemIds: [],
        offered: { cartItemIds: ['c1'], quotationItemIds: ['q2'] },
      }),
    );
    api.respond(() => json(200, { quotationItem: quoted, product: null }));
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Landed on /cart')).toBeTruthy();
    const kept = JSON.parse(window.sessionStorage.getItem(CHECKOUT_SELECTION_KEY) ?? '{}');
    expect(kept).toMatchObject({ cartItemIds: ['c1'], quotationItemIds: ['q2'] });
  });

  it('shows a refusal to check out where the buttons are', async () => {
    api.respond((call) =>
      call.path === '/checkout/session'
        ? json(400, envelope('quotation/expired', ['27/11/2099']))
        : json(200, { quotationItem: quoted, product: null }),
    );
    renderDetail();
    await userEvent.click(await screen.findByRole('button', { name: 'Check out now' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This quotation expired on 27/11/2099; request it again to get a new price',
    );
  });

  it('offers no way to buy a declined item, says why, and what to do next', async () => {
    const declined = aQuotationItem({
      id: 'q2',
      status: 'd',
      unavailableReason: 'quotation/declined',
      statusData: { ...aQuotationItem().statusData, declineReason: 'The seller does not ship abroad.' },
    });
    api.respond(() => json(200, { quotationItem: declined, product: null }));
    renderDetail();
    expect(await screen.findByText('The seller does not ship abroad.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Check out now' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'How the price is made' })).toBeNull();
    const nextSteps = screen.getByRole('heading', { name: 'What you can do next' })
      .parentElement as HTMLElement;
    expect(
      within(nextSteps)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Ask us about it', '/contact'],
      ['Paste a link to another item', '/quotations/new'],
      ['Browse our catalogue', '/search'],
    ]);
  });
});

describe('changing a quoted item', () => {
  const warning =
    'Changing the quantity or the instructions asks the store for a new quote, so the current price ' +
    '(S$250.00 for 2) will no longer hold and you can check this item out only once the store has quoted ' +
    'again. Save the change?';
  const puts = () => api.calls.filter((call) => call.method === 'PUT');

  it('says first that a change asks for a new quote, and after saving shows the item being quoted again', async () => {
    let answer: QuotationItem = resolved({ id: 'q1' });
    api.respond(({ method, body }) => {
      if (method === 'PUT') {
        answer = aQuotationItem({ id: 'q1', quantity: 2, ...(body as object) });
      }
      return json(200, { quotationItem: answer, product: null });
    });
    renderAt('/quotations/q1', <QuotationDetail id="q1" />);
    expect(await screen.findByText('Your Quotation is here!')).toBeTruthy();
    expect(screen.getByText('The store quoted this request; changing it asks for a new quote.')).toBeTruthy();

    const quantity = screen.getByLabelText('Quantity');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe(warning);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep the current quote' }));
    expect(puts()).toEqual([]);

    await userEvent.keyboard('{Enter}');
    expect(puts()).toEqual([]);
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByLabelText('Quantity') as HTMLInputElement).value).toBe('2');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save changes' }));
    expect(screen.getByText('Your Quotation is here!')).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Instructions for the store'), 'Gold edition');
    await userEvent.type(screen.getByLabelText('Quantity'), '{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(warning);
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save and ask for a new quote' }));
    await userEvent.keyboard('{Enter}');

    expect(await screen.findByText('Quoting your product...')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Quoting your product...');
    expect(screen.queryByTestId('quotation-price')).toBeNull();
    expect(screen.getByText('Your changes are saved. The store will quote your new request.')).toBeTruthy();
    expect(puts().map((call) => call.body)).toEqual([{ quantity: 2, instructions: 'Gold edition' }]);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save changes' })),
    );
  });

  it('saves nothing when nothing changed, and shows why a change was refused', async () => {
    api.respond(({ method }) =>
      method === 'PUT'
        ? json(409, envelope('quotation/ordered'))
        : json(200, { quotationItem: resolved({ id: 'q1' }), product: null }),
    );
    renderAt('/quotations/q1', <QuotationDetail id="q1" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(
      await screen.findByText('Nothing to save: the quantity and the instructions are as they were.'),
    ).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    const quantity = screen.getByLabelText('Quantity');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Please choose a quantity from 1 to 999')).toBeTruthy();
    expect(puts()).toEqual([]);

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Save and ask for a new quote' }));
    expect(
      await screen.findByText('This quotation item is part of an order now, so it can no longer be changed'),
    ).toBeTruthy();
    expect(puts()).toHaveLength(1);
  });
});

describe('the quotation request form', () => {
  it('fills the name and picture from the link, keeps them editable, and sends the remote request', async () => {
    api.respond(({ method, path }) => {
      if (path === '/opengraph') {
        return json(200, {
          url: 'x',
          title: 'Preview title',
          description: null,
          image: null,
          siteName: 'Shop',
        });
      }
      if (path === '/product/searchExternal') {
        return json(200, {
          status: 'done',
          product: {
            id: 'e1',
            url: 'https://shop.example.jp/item/42',
            host: 'shop.example.jp',
            marketplace: null,
            status: 'done',
            failureReason: null,
            name: 'Cast iron kettle',
            description: null,
            images: ['https://shop.example.jp/kettle.jpg'],
            picture: '/images/external/e1.webp',
            price: null,
            fetchedAt: '2026-11-20T00:00:00.000Z',
          },
        });
      }
      if (method === 'POST' && path.startsWith('/quotation/request')) {
        return json(201, { quotationItem: aQuotationItem({ id: 'q9' }), product: null });
      }
      return json(404, envelope('general/not_found'));
    });
    renderAt('/new', <QuotationRequestForm initialLink="" />);
    await userEvent.type(screen.getByLabelText('Link to the item'), 'https://shop.example.jp/item/42');
    await userEvent.click(screen.getByRole('button', { name: 'Look up the item' }));

    const name = (await screen.findByDisplayValue('Cast iron kettle')) as HTMLInputElement;
    expect((screen.getByLabelText('Picture (a link to an image)') as HTMLInputElement).value).toBe(
      'https://shop.example.jp/kettle.jpg',
    );
    // The page's picture is previewed from the store's copy, never from the seller's site.
    expect(screen.getByRole('img', { name: 'Picture of Cast iron kettle' }).getAttribute('src')).toBe(
      '/images/external/e1.webp',
    );
    await userEvent.clear(name);
    await userEvent.type(name, 'Kettle, black');
    const quantity = screen.getByLabelText(/^Quantity/);
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Send the request' }));

    expect(await screen.findByRole('heading', { name: 'Detail page' })).toBeTruthy();
    await waitFor(() =>
      expect(api.calls.find((call) => call.path.startsWith('/quotation/request'))?.body).toEqual({
        from: 'r',
        productUrl: 'https://shop.example.jp/item/42',
        productName: 'Kettle, black',
        productQuantity: 2,
        instructions: '',
        imageUrl: 'https://shop.example.jp/kettle.jpg',
      }),
    );
  });

  it('refuses a link that is not a web address', async () => {
    renderAt('/new', <QuotationRequestForm initialLink="" />);
    await userEvent.type(screen.getByLabelText('Link to the item'), 'javascript:alert(1)');
    await userEvent.click(screen.getByRole('button', { name: 'Look up the item' }));
    expect(
      screen.getByText('Please paste a link to a product page starting with http:// or https://'),
    ).toBeTruthy();
    expect(api.calls).toEqual([]);
  });
});
