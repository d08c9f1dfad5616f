import type { ProductSummary } from '@crossbuy/core/catalogue';
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ProductGrid } from './product-card';

afterEach(cleanup);

const yen = (amountMinor: number) => ({ amountMinor, currency: 'JPY' as const });

const products: ProductSummary[] = ['Sneakers', 'Headphones', 'Tent'].map((name, index) => ({
  uuid: `00000000-0000-4000-8000-00000000000${index}`,
  paramName: name.toLowerCase(),
  name,
  mainImage: `/images/products/${index}.svg`,
  price: yen(1000),
  priceCurrency: 'JPY',
  priceRange: { min: yen(1000), max: yen(1000) },
  stock: 3,
  disabled: false,
  sourceMarketPlace: 'Rakuten',
  merchant: { id: 'm1', name: 'Tokyo Goods' },
  categoryId: 'things',
  createdAt: '2026-01-01T00:00:00.000Z',
}));

function renderGrid(leadsPage: boolean) {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => <ProductGrid products={products} listName="Results" leadsPage={leadsPage} />,
    },
  ]);
  render(<Stub initialEntries={['/']} />);
}

const picture = async (name: string) => screen.findByRole('img', { name });

describe('a grid of products', () => {
  it("that opens the page fetches its first picture at once and first, and the others when they're near", async () => {
    renderGrid(true);
    const first = await picture('Sneakers');
    expect(first.getAttribute('loading')).toBe('eager');
    expect(first.getAttribute('fetchpriority')).toBe('high');
    for (const name of ['Headphones', 'Tent']) {
      const other = await picture(name);
      expect(other.getAttribute('loading')).toBe('lazy');
      expect(other.getAttribute('fetchpriority')).toBe('auto');
    }
  });

  it('further down the page lazy-loads every picture', async () => {
    renderGrid(false);
    for (const name of ['Sneakers', 'Headphones', 'Tent']) {
      expect((await picture(name)).getAttribute('loading')).toBe('lazy');
    }
  });
});
