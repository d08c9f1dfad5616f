import type { ProductSearchResult } from '@crossbuy/core/catalogue';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { type ListingData, type ListingFilters, listingHref, listingSearch } from '../listing';
import { ActiveFilters, FilterPanel, SortForm } from './listing-filters';

afterEach(cleanup);

const NO_FILTERS: ListingFilters = {
  q: '',
  asTyped: false,
  category: null,
  merchant: null,
  minPrice: '',
  maxPrice: '',
  inStock: false,
  sort: null,
  page: 1,
  after: null,
};

const result: ProductSearchResult = {
  products: [],
  total: 11,
  page: 1,
  limit: 24,
  nextCursor: null,
  region: 'SG',
  facets: {
    categories: [{ id: 'headphones', name: 'Headphones', count: 11 }],
    merchants: [
      { id: 'm-tokyo', name: 'Tokyo Audio Works', count: 5 },
      { id: 'm-shenzhen', name: 'Shenzhen Gadget Hub', count: 6 },
    ],
    stock: { inStock: 10, soldOut: 1 },
  },
  correctedQuery: null,
};

function listing(filters: Partial<ListingFilters>): ListingData {
  return { filters: { ...NO_FILTERS, ...filters }, result, pageCount: 1, currency: 'SGD' };
}

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="url">{`${pathname}${search}`}</output>;
}

/** The listing at `url`, with filters as its loader would read them from that URL. */
function renderListing(url: string, filters: Partial<ListingFilters>) {
  const data = listing(filters);
  const Stub = createRoutesStub([
    {
      path: '/search',
      Component: () => (
        <>
          <FilterPanel action="/search" data={data} />
          <SortForm action="/search" data={data} />
          <ActiveFilters action="/search" data={data} />
          <Where />
        </>
      ),
    },
  ]);
  render(<Stub initialEntries={[url]} />);
}

const url = () => screen.getByTestId('url').textContent;

describe('listing URLs', () => {
  it('leave out empty and default values', () => {
    expect(listingSearch(NO_FILTERS)).toBe('');
    expect(listingSearch({ ...NO_FILTERS, q: 'tent', inStock: true, sort: 'price_asc', page: 2 })).toBe(
      '?q=tent&inStock=1&sort=price_asc&page=2',
    );
  });

  it('carry a cursor instead of a page number, and drop it when anything else changes', () => {
    const filters = { ...NO_FILTERS, q: 'tent', page: 12, after: 'abc' };
    expect(listingSearch(filters)).toBe('?q=tent&after=abc');
    expect(listingHref('/search', filters, { page: 13, after: 'def' })).toBe('/search?q=tent&after=def');
    expect(listingHref('/search', filters, { page: 2 })).toBe('/search?q=tent&page=2');
    expect(listingHref('/search', filters, { sort: 'newest' })).toBe('/search?q=tent&sort=newest');
  });

  it('start again at page 1 when anything but the page changes', () => {
    const filters = { ...NO_FILTERS, q: 'tent', page: 3 };
    expect(listingHref('/search', filters, { page: 4 })).toBe('/search?q=tent&page=4');
    expect(listingHref('/search', filters, { inStock: true })).toBe('/search?q=tent&inStock=1');
  });
});

describe('the filter forms', () => {
  it('put a ticked filter in the URL at once, without the empty fields', async () => {
    renderListing('/search?q=hedphones', { q: 'hedphones' });
    await userEvent.click(screen.getByRole('checkbox', { name: /In stock only/ }));
    expect(url()).toBe('/search?q=hedphones&inStock=1');
  });

  it('choose one merchant from the facets, which show their counts', async () => {
    renderListing('/search?q=hedphones', { q: 'hedphones' });
    const merchants = screen.getByRole('group', { name: 'Merchant' });
    expect(within(merchants).getByRole('radio', { name: 'Tokyo Audio Works 5 products' })).toBeTruthy();
    await userEvent.click(within(merchants).getByRole('radio', { name: 'Shenzhen Gadget Hub 6 products' }));
    expect(url()).toBe('/search?q=hedphones&merchant=m-shenzhen');
  });

  it('apply typed prices with the button, keeping the sort order', async () => {
    renderListing('/search?q=tent&sort=price_asc', { q: 'tent', sort: 'price_asc' });
    await userEvent.type(screen.getByRole('textbox', { name: 'From' }), '20');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(url()).toBe('/search?q=tent&sort=price_asc&minPrice=20');
  });

  it('sort without losing the filters', async () => {
    renderListing('/search?q=tent&inStock=1', { q: 'tent', inStock: true });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'price_desc');
    expect(url()).toBe('/search?q=tent&inStock=1&sort=price_desc');
  });

  it('list the filters in use, each removable, and clear them all but the search words', async () => {
    renderListing('/search?q=tent&merchant=m-tokyo&inStock=1', {
      q: 'tent',
      merchant: 'm-tokyo',
      inStock: true,
    });
    const inUse = screen.getByRole('list', { name: 'Filters in use' });
    expect(
      within(inUse)
        .getByRole('link', { name: 'Remove filter Merchant: Tokyo Audio Works' })
        .getAttribute('href'),
    ).toBe('/search?q=tent&inStock=1');
    await userEvent.click(within(inUse).getByRole('link', { name: 'Clear all filters' }));
    expect(url()).toBe('/search?q=tent');
  });
});
