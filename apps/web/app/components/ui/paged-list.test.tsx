import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { EmptyList } from './page-states';
import { failureWords, PagedTable } from './paged-list';

afterEach(cleanup);

type Fruit = { id: string; name: string };
type FruitPage = { fruits: Fruit[]; total: number };

function renderFruits(answer: () => Promise<FruitPage>, page = 1) {
  function Fruits() {
    const list = useQuery({ queryKey: ['fruits'], queryFn: answer, retry: false });
    return (
      <PagedTable
        list={list}
        rows="fruits"
        noun="fruits"
        empty={<EmptyList>No fruit yet.</EmptyList>}
        caption={(range) => `Fruits ${range}, ripest first`}
        columns={[{ label: 'Fruit' }]}
        cells={(fruit) => <td>{fruit.name}</td>}
        page={page}
        pageSize={2}
        hrefFor={(next) => `/fruits?page=${next}`}
        above={(data) => <p>Above the {data.total} fruits</p>}
      />
    );
  }
  const Stub = createRoutesStub([{ path: '/fruits', Component: Fruits }]);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Stub initialEntries={['/fruits']} />
    </QueryClientProvider>,
  );
}

describe('PagedTable', () => {
  it('says it is loading, then shows the page of records, captioned with their range, and the other pages', async () => {
    renderFruits(async () => ({ fruits: [{ id: 'c', name: 'Cherry' }], total: 3 }), 2);
    expect(screen.getByRole('status').textContent).toBe('Loading fruits…');
    const table = await screen.findByRole('table', { name: 'Fruits 3 to 3 of 3, ripest first' });
    expect(
      within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Cherry']);
    expect(screen.getByText('Above the 3 fruits')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe('/fruits?page=1');
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows what stands in for an empty page, and neither the table nor what stands above it', async () => {
    renderFruits(async () => ({ fruits: [], total: 0 }));
    expect(await screen.findByText('No fruit yet.')).toBeDefined();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText(/Above the/)).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('says what could not be loaded and loads it again when asked', async () => {
    let calls = 0;
    renderFruits(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return { fruits: [{ id: 'a', name: 'Apple' }], total: 1 };
    });
    expect((await screen.findByRole('alert')).textContent).toContain('We could not load the fruits');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Fruits 1 to 1 of 1, ripest first' })).toBeDefined();
  });
});

describe('failureWords', () => {
  it('gives a bare plural "the", and says a phrase with its own determiner as it is', () => {
    expect(failureWords('customers')).toBe('the customers');
    expect(failureWords('your orders')).toBe('your orders');
    expect(failureWords('the audit log')).toBe('the audit log');
  });
});
