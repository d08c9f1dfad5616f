import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Pagination } from './pagination';

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
