import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { listPageHref, Pagination, pageFromSearch } from './pagination';

afterEach(cleanup);

function renderPagination(props: Parameters<typeof Pagination>[0]) {
  const Stub = createRoutesStub([{ path: '/search', Component: () => <Pagination {...props} /> }]);
  render(<Stub initialEntries={['/search']} />);
}

const hrefFor = (page: number) => `/search?page=${page}`;

describe('Pagination', () => {
  it('leads on from the last numbered page through the given next page', () => {
    renderPagination({ page: 10, pageCount: 10, hrefFor, nextHref: '/search?after=c11' });
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/search?after=c11');
    expect(screen.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/search?page=9');
  });

  it('shows a page past the numbered ones as the current page, with the first page to go back to', () => {
    renderPagination({ page: 14, pageCount: 10, hrefFor, nextHref: '/search?after=c15' });
    expect(screen.getByRole('link', { name: 'Page 14' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Page 1' }).getAttribute('href')).toBe('/search?page=1');
    expect(screen.getByRole('link', { name: 'Next' }).getAttribute('href')).toBe('/search?after=c15');
  });

  it('ends without a next link on the last page', () => {
    renderPagination({ page: 14, pageCount: 10, hrefFor, nextHref: null });
    expect(screen.queryByRole('link', { name: 'Next' })).toBeNull();
  });
});

describe('pageFromSearch', () => {
  it('reads the page a URL names, and 1 for none or for no page a list can have', () => {
    expect(pageFromSearch('3')).toBe(3);
    expect(pageFromSearch('10000')).toBe(10_000);
    for (const value of [null, '', '0', '-2', '1.5', 'abc', '10001', '1e400']) {
      expect(pageFromSearch(value), String(value)).toBe(1);
    }
  });
});

describe('listPageHref', () => {
  it('keeps the filters that are set, in order, and names the page only past the first', () => {
    expect(listPageHref('/admin/orders', { status: 'paid', q: null, paymentMethod: 'card' }, 3)).toBe(
      '/admin/orders?status=paid&paymentMethod=card&page=3',
    );
    expect(listPageHref('/orders', { status: null }, 1)).toBe('/orders');
    expect(listPageHref('/orders', { status: '' })).toBe('/orders');
    expect(listPageHref('/admin/audit_log', { subjectId: 'a b&c' }, 2)).toBe(
      '/admin/audit_log?subjectId=a+b%26c&page=2',
    );
  });
});
