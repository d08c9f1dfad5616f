import type { AdminProduct } from '@crossbuy/core/catalogue';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PLACEHOLDER_IMAGE } from '../../../lib/images';
import { ShellQueryProvider } from '../../../lib/query-provider';
import { resetUserState, userStore } from '../../../lib/user-store';
import { type ApiCall, aProfile, envelope, fakeApi, json } from '../../../test-support/fake-api';
import { adminProductFilterFrom, ProductAdminList } from './product-admin-list';
import { ProductAdminPage } from './product-admin-page';

const api = fakeApi();
const sgd = (amountMinor: number) => ({ amountMinor, currency: 'SGD' as const });
const MERCHANT_ID = '7d4f3b9e-1c2a-4e5f-8a6b-9c0d1e2f3a4b';
const NO_FILTER = { q: null, categoryId: null, merchantId: null, enabled: null, stock: null, sort: null };

function aProduct(overrides: Partial<AdminProduct> = {}): AdminProduct {
  return {
    id: 'p1',
    paramName: 'desk-fan-1',
    name: 'Desk Fan',
    description: 'Quiet.',
    mainImage: null,
    gallery: [],
    enabled: true,
    price: sgd(2_000),
    stock: 4,
    weightGrams: 900,
    categoryId: 'fans',
    merchant: { id: MERCHANT_ID, name: 'Brooklyn Basics' },
    sourceMarketPlace: 'Amazon US',
    variants: [],
    variantRows: [],
    regionPrices: [],
    version: 2,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-02T00:00:00.000Z',
    ...overrides,
  };
}

/** Answers the page's reads; `change` answers its changes. */
function serve(product: () => AdminProduct, change: (call: ApiCall) => Response) {
  api.respond((call) => {
    if (call.method !== 'GET') return change(call);
    if (call.path.startsWith('/admin/products/p1/images'))
      return json(200, { productId: 'p1', productName: product().name, images: [] });
    if (call.path.startsWith('/admin/products/p1')) return json(200, { product: product() });
    if (call.path.startsWith('/product/categories'))
      return json(200, { categories: [{ id: 'fans', name: 'Fans', children: [] }] });
    if (call.path.startsWith('/merchant'))
      return json(200, { merchants: [{ id: MERCHANT_ID, name: 'Brooklyn Basics' }], total: 1 });
    if (call.path.startsWith('/region'))
      return json(200, {
        regions: [{ countryCode: 'MY', name: 'Malaysia', currency: 'MYR', enabled: true, default: false }],
      });
    return json(404, envelope('general/not_found'));
  });
}

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

function renderPage() {
  const Stub = createRoutesStub([
    { path: '/admin/products/:productId', Component: () => <ProductAdminPage productId="p1" /> },
  ]);
  render(
    <ShellQueryProvider userId="op">
      <Stub initialEntries={['/admin/products/p1']} />
    </ShellQueryProvider>,
  );
}

const changes = () => api.calls.filter((call) => call.method !== 'GET');

describe('ProductAdminPage', () => {
  it('saves from the version it loaded; a stale save says so and reloads the product on request', async () => {
    let current = aProduct();
    serve(
      () => current,
      (call) =>
        (call.body as { version: number }).version === current.version
          ? json(200, { product: { ...current, name: 'Desk Fan Pro', version: current.version + 1 } })
          : json(409, envelope('product/stale_version')),
    );
    renderPage();
    const user = userEvent.setup();
    const name = await screen.findByLabelText(/^Name/);
    // Someone else saves meanwhile.
    current = aProduct({ name: 'Desk Fan (new box)', version: 3 });
    await user.clear(name);
    await user.type(name, 'Desk Fan Pro');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(
      await screen.findByText(/Someone else changed this product after you opened it; reload it/),
    ).toBeTruthy();
    expect(changes().at(-1)).toMatchObject({
      method: 'PATCH',
      path: '/admin/products/p1',
      body: { version: 2 },
    });

    await user.click(screen.getByRole('button', { name: 'Reload the product' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Desk Fan (new box)'),
    );
    expect(screen.queryByText(/Someone else changed this product/)).toBeNull();
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Desk Fan (new box)');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));

    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('The product is saved. The shop shows it now.')).toBeTruthy();
    expect(changes().at(-1)).toMatchObject({
      body: { version: 3, name: 'Desk Fan (new box)', priceMinor: 2_000 },
    });
  });

  it('asks before disabling, and sends nothing when the operator keeps it on sale', async () => {
    serve(
      () => aProduct(),
      () => json(200, { product: aProduct({ enabled: false, version: 3 }) }),
    );
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Disable…' }));
    expect(screen.getByText(/Disable Desk Fan\? It leaves search and listings/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Keep it on sale' }));
    expect(changes()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Disable…' }));
    await user.click(screen.getByRole('button', { name: 'Disable the product' }));
    expect(await screen.findByText(/Disabled: shoppers cannot find or buy this product/)).toBeTruthy();
    expect(changes()).toEqual([
      expect.objectContaining({ method: 'PATCH', body: { version: 2, enabled: false } }),
    ]);
  });

  it("sets the stock and a region's own price in its currency, leaving empty regions converted", async () => {
    let current = aProduct();
    serve(
      () => current,
      () => {
        current = aProduct({ version: 3 });
        return json(200, { product: current });
      },
    );
    renderPage();
    const user = userEvent.setup();
    const stock = await screen.findByLabelText('Units in stock');
    await user.clear(stock);
    await user.type(stock, '-3');
    await user.click(screen.getByRole('button', { name: 'Set stock' }));
    expect(screen.getByText(/A whole number from 0 to/)).toBeTruthy();
    expect(changes()).toHaveLength(0);
    await user.clear(stock);
    await user.type(stock, '12');
    await user.click(screen.getByRole('button', { name: 'Set stock' }));
    expect(await screen.findByText('Stock set to 12.')).toBeTruthy();
    expect(changes().at(-1)).toMatchObject({
      method: 'PUT',
      path: '/admin/products/p1/stock',
      body: { path: '', stock: 12 },
    });

    await user.type(
      within(screen.getByRole('group', { name: 'The product' })).getByLabelText('Malaysia (MYR)'),
      '39.90',
    );
    await user.click(screen.getByRole('button', { name: 'Save region prices' }));
    expect(await screen.findByText('Region prices saved.')).toBeTruthy();
    expect(changes().at(-1)).toMatchObject({
      path: '/admin/products/p1/region_prices',
      // The version of the product as the stock answer left it.
      body: { version: 3, prices: [{ countryCode: 'MY', variantPath: '', amountMinor: 3_990 }] },
    });
  });
});

describe('ProductVariants on the page', () => {
  it('keeps an ordered variant, and asks before removing another, then says so where focus lands', async () => {
    const row = (path: string, label: string, ordered: boolean) => ({
      path,
      label,
      price: sgd(1_500),
      stock: 2,
      ordered,
    });
    const withVariants = aProduct({
      variants: [{ name: 'Size', options: ['S', 'M'] }],
      variantRows: [row('0', 'Size: S', true), row('1', 'Size: M', false)],
    });
    serve(
      () => withVariants,
      () => json(200, { product: { ...withVariants, variantRows: [row('0', 'Size: S', true)], version: 3 } }),
    );
    renderPage();
    const user = userEvent.setup();
    expect(await screen.findByText('Ordered before: kept with its orders')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Remove…' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Remove…' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep it' }));
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove…' }));
    expect(changes()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Remove…' }));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Size: M removed.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Variants' }));
    expect(changes()).toEqual([
      expect.objectContaining({ method: 'DELETE', path: '/admin/products/p1/variants?version=2&path=1' }),
    ]);
  });
});

describe("the variants' table", () => {
  const row = (path: string, label: string, amountMinor: number, stock: number) => ({
    path,
    label,
    price: sgd(amountMinor),
    stock,
    ordered: false,
  });
  const withVariants = aProduct({
    variants: [{ name: 'Size', options: ['S', 'M'] }],
    variantRows: [row('0', 'Size: S', 1_500, 2), row('1', 'Size: M', 1_700, 6)],
  });

  it('saves every price and stock with one Save, and names a wrong cell without sending anything', async () => {
    serve(
      () => withVariants,
      () =>
        json(200, {
          product: {
            ...withVariants,
            variantRows: [row('0', 'Size: S', 1_250, 9), row('1', 'Size: M', 1_700, 6)],
            version: 3,
          },
        }),
    );
    renderPage();
    const user = userEvent.setup();
    const price = await screen.findByLabelText('Price of Size: S (SGD)');
    await user.clear(price);
    await user.type(price, '12.50');
    const stock = screen.getByLabelText('Stock of Size: M');
    await user.clear(stock);
    await user.type(stock, 'lots');
    await user.click(screen.getByRole('button', { name: 'Save prices and stock' }));
    expect(screen.getByText('Nothing was saved: please correct Size: M, marked below.')).toBeTruthy();
    expect(stock.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(stock);
    expect(changes()).toHaveLength(0);

    await user.clear(stock);
    await user.type(stock, '6');
    await user.clear(screen.getByLabelText('Stock of Size: S'));
    await user.type(screen.getByLabelText('Stock of Size: S'), '9');
    await user.click(screen.getByRole('button', { name: 'Save prices and stock' }));
    expect(await screen.findByText('Prices and stock of the variants saved.')).toBeTruthy();
    expect(changes()).toEqual([
      expect.objectContaining({
        method: 'PUT',
        path: '/admin/products/p1/variant_rows',
        body: {
          version: 2,
          rows: [
            { path: '0', priceMinor: 1_250, stock: 9, stockSeen: 2 },
            { path: '1', priceMinor: 1_700, stock: 6, stockSeen: 6 },
          ],
        },
      }),
    ]);
    expect((screen.getByLabelText('Price of Size: S (SGD)') as HTMLInputElement).value).toBe('12.50');
  });

  it('names a stock that changed meanwhile next to its cell; saving again sets the typed count over it', async () => {
    let refused = false;
    serve(
      () => withVariants,
      () => {
        if (!refused) {
          refused = true;
          return json(409, envelope('product/stale_stock', ['Size: M', '4', '1']));
        }
        return json(200, { product: { ...withVariants, version: 2 } });
      },
    );
    renderPage();
    const user = userEvent.setup();
    const stock = await screen.findByLabelText('Stock of Size: M');
    await user.clear(stock);
    await user.type(stock, '10');
    await user.click(screen.getByRole('button', { name: 'Save prices and stock' }));
    expect(
      await screen.findByText('The stock changed to 4 after you opened the product. Save again to set 10.'),
    ).toBeTruthy();
    expect(stock.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/^Nothing was saved\. The stock of Size: M is 4 now/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save prices and stock' }));
    expect(await screen.findByText('Prices and stock of the variants saved.')).toBeTruthy();
    expect(changes().at(-1)?.body).toMatchObject({
      rows: [
        expect.objectContaining({ path: '0' }),
        { path: '1', priceMinor: 1_700, stock: 10, stockSeen: 4 },
      ],
    });
  });
});

describe('the first kind of choice', () => {
  it('is added with its options to a product without variants, from the version loaded', async () => {
    serve(
      () => aProduct(),
      () =>
        json(200, { product: aProduct({ variants: [{ name: 'Size', options: ['S', 'M'] }], version: 3 }) }),
    );
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add kind of choice' }));
    expect(screen.getByText('Please name the kind of choice')).toBeTruthy();
    expect(changes()).toHaveLength(0);
    await user.type(screen.getByLabelText('Kind of choice, e.g. Size'), 'Size');
    await user.type(screen.getByLabelText('Its options, separated by commas'), ' S, M ,');
    await user.click(screen.getByRole('button', { name: 'Add kind of choice' }));
    expect(await screen.findByText(/Size added: now add a variant/)).toBeTruthy();
    expect(changes()).toEqual([
      expect.objectContaining({
        method: 'PATCH',
        body: { version: 2, variants: [{ name: 'Size', options: ['S', 'M'] }] },
      }),
    ]);
    expect(screen.getByRole('button', { name: 'Add variant' })).toBeTruthy();
  });
});

describe('adminProductFilterFrom', () => {
  it('keeps what it can read and drops the rest', () => {
    expect(
      adminProductFilterFrom(
        new URLSearchParams(
          `q=%20fan%20&categoryId=Bad%20Id&merchantId=${MERCHANT_ID}&enabled=maybe&stock=sold_out&sort=price_asc`,
        ),
      ),
    ).toEqual({
      q: 'fan',
      categoryId: null,
      merchantId: MERCHANT_ID,
      enabled: null,
      stock: 'sold_out',
      sort: 'price_asc',
    });
  });
});

describe('ProductAdminList', () => {
  it("shows each product's main picture as a thumbnail, and the placeholder when it has none", async () => {
    const listed = (id: string, name: string, mainImage: string | null) => ({
      id,
      paramName: id,
      name,
      mainImage,
      enabled: true,
      price: sgd(1_000),
      stock: 3,
      variantCount: 0,
      category: { id: 'fans', name: 'Fans' },
      merchant: { id: MERCHANT_ID, name: 'Brooklyn Basics' },
      updatedAt: '2026-11-02T00:00:00.000Z',
    });
    api.respond((call) =>
      call.path.startsWith('/admin/products?')
        ? json(200, {
            products: [
              listed('p1', 'Desk Fan', '/images/products/p1/a.webp'),
              listed('p2', 'Tower Fan', null),
            ],
            page: 1,
            limit: 20,
            total: 2,
          })
        : json(200, { categories: [], merchants: [], total: 0, regions: [] }),
    );
    const Stub = createRoutesStub([
      { path: '/admin/products', Component: () => <ProductAdminList filter={NO_FILTER} page={1} /> },
    ]);
    render(
      <ShellQueryProvider userId="op">
        <Stub initialEntries={['/admin/products']} />
      </ShellQueryProvider>,
    );
    expect(await screen.findByRole('columnheader', { name: 'Picture' })).toBeTruthy();
    const [withPicture, without] = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('img')?.getAttribute('src'));
    expect(withPicture).toBe('/images/products/p1/a_thumb.webp');
    expect(without).toBe(PLACEHOLDER_IMAGE);
  });
});
