import type { Product } from '@crossbuy/core/catalogue';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProductCard } from '../components/product/product-card';
import { createMemorySink, type MemorySink, setAnalyticsSink } from '../lib/analytics';
import { PENDING_ACTION_KEY } from '../lib/pending-action';
import { ShellQueryProvider } from '../lib/query-provider';
import { REDIRECT_AFTER_SIGN_IN_KEY } from '../lib/redirect-to-sign-in';
import ProductRoute from './product';

let sink: MemorySink;

beforeEach(() => {
  sink = createMemorySink();
  setAnalyticsSink(sink);
});

afterEach(() => {
  cleanup();
  setAnalyticsSink(null);
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

const yen = (amountMinor: number) => ({ amountMinor, currency: 'JPY' as const });

const product: Product = {
  uuid: '3b70b94c-e392-4d3f-9c08-150cc0ef20df',
  paramName: 'studio-over-ear-headphones-3b70b94c',
  name: 'Studio Over-Ear Headphones',
  description: 'Closed-back headphones.',
  mainImage: '/images/products/3b70b94c.svg',
  gallery: [],
  price: yen(52570),
  priceCurrency: 'JPY',
  priceRange: { min: yen(52570), max: yen(52570) },
  stock: 4,
  disabled: false,
  sourceMarketPlace: 'Amazon JP',
  merchant: { id: 'm1', name: 'Tokyo Audio Works' },
  categoryId: 'headphones',
  createdAt: '2026-01-01T00:00:00.000Z',
  variants: [{ name: 'Colour', options: ['Sand', 'Sage Green'] }],
  variantPaths: { '0': { price: yen(52570), stock: 0 }, '1': { price: yen(52570), stock: 4 } },
};

function renderAt(path: string) {
  const Stub = createRoutesStub([
    {
      path: '/product/:productId',
      Component: ProductRoute as never,
      loader: () => ({ product, trail: [{ id: 'headphones', name: 'Headphones' }], url: null, image: null }),
    },
    { path: '/sign_in', Component: () => <h1>Sign-in page</h1> },
    {
      path: '/',
      Component: () => <ProductCard product={product} listName="New arrivals" index={3} />,
    },
  ]);
  render(
    <ShellQueryProvider userId={null}>
      <Stub initialEntries={[path]} />
    </ShellQueryProvider>,
  );
}

describe('the product page', () => {
  it('records view_item with the price in the region currency, in major units', async () => {
    renderAt(`/product/${product.paramName}`);
    expect(await screen.findByRole('heading', { level: 1, name: product.name })).toBeTruthy();
    expect(screen.getByTestId('product-price').textContent).toBe('¥52,570');
    // Recorded by an effect once the page is shown: on a busy machine that can be a moment after the heading.
    await waitFor(() =>
      expect(sink.events).toEqual([
        {
          name: 'view_item',
          params: {
            currency: 'JPY',
            value: 52570,
            items: [
              {
                item_id: product.uuid,
                item_name: product.name,
                item_brand: 'Tokyo Audio Works',
                item_category: 'headphones',
                price: 52570,
              },
            ],
          },
        },
      ]),
    );
  });

  it('is reached from a product card, which records select_item', async () => {
    renderAt('/');
    const card = screen.getByRole('link', { name: `${product.name} ¥52,570 In stock` });
    expect(card.querySelector('img')?.getAttribute('alt')).toBe(product.name);
    await userEvent.click(card);
    expect(await screen.findByRole('heading', { level: 1, name: product.name })).toBeTruthy();
    expect(sink.events[0]).toEqual({
      name: 'select_item',
      params: {
        item_list_name: 'New arrivals',
        items: [expect.objectContaining({ item_id: product.uuid, index: 3, item_list_name: 'New arrivals' })],
      },
    });
  });

  it('asks for the option before adding, then sends a visitor to sign in with the action remembered', async () => {
    const path = `/product/${product.paramName}`;
    window.history.replaceState(null, '', path);
    renderAt(path);
    await userEvent.click(await screen.findByRole('button', { name: 'Buy now' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Please choose one option of each kind for this product',
    );

    await userEvent.click(screen.getByRole('radio', { name: /^Sage Green/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Buy now' }));
    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeTruthy();
    expect(sessionStorage.getItem(REDIRECT_AFTER_SIGN_IN_KEY)).toBe(path);
    expect(JSON.parse(sessionStorage.getItem(PENDING_ACTION_KEY) ?? '{}')).toMatchObject({
      kind: 'buy_now',
      productId: product.uuid,
      args: { variantPath: '1', quantity: 1 },
    });
  });
});
