import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, useSearchParams } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ChoiceFilter, FilterBar, SearchFilter } from './filter-bar';

afterEach(cleanup);

function renderAt(path: string) {
  function Fruits() {
    const [search] = useSearchParams();
    const q = search.get('q');
    const colour = search.get('colour');
    return (
      <>
        <FilterBar
          action="/fruits"
          label="Find fruits"
          clearLabel="Show every fruit"
          filtered={q !== null || colour !== null}
          className="grid"
          moreActions={<a href="/fruits.csv">Export</a>}
        >
          <SearchFilter label="Name" name="q" value={q} />
          <ChoiceFilter
            label="Colour"
            name="colour"
            value={colour}
            options={[
              { value: 'red', label: 'Red' },
              { value: 'green', label: 'Green' },
            ]}
          />
        </FilterBar>
        <p>Showing {search.toString() || 'everything'}</p>
      </>
    );
  }
  const Stub = createRoutesStub([{ path: '/fruits', Component: Fruits }]);
  render(<Stub initialEntries={[path]} />);
}

describe('FilterBar', () => {
  it('is a named search landmark whose fields show the address’s filter', () => {
    renderAt('/fruits?q=apple&colour=green');
    const search = screen.getByRole('search', { name: 'Find fruits' });
    const name = within(search).getByRole('searchbox', { name: 'Name' }) as HTMLInputElement;
    expect(name.value).toBe('apple');
    expect(name.maxLength).toBe(100);
    expect(name.autocomplete).toBe('off');
    expect((within(search).getByRole('combobox', { name: 'Colour' }) as HTMLSelectElement).value).toBe(
      'green',
    );
    expect(within(search).getByRole('link', { name: 'Show every fruit' }).getAttribute('href')).toBe(
      '/fruits',
    );
    expect(within(search).getByRole('link', { name: 'Export' })).toBeDefined();
  });

  it('offers no way back to the whole list while nothing is filtered, and sends its fields as the address', async () => {
    renderAt('/fruits');
    expect(screen.queryByRole('link', { name: 'Show every fruit' })).toBeNull();
    expect(screen.getByRole('option', { name: 'Any' })).toBeDefined();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Name' }), 'pear');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Colour' }), 'red');
    await userEvent.click(screen.getByRole('button', { name: 'Find fruits' }));
    expect(await screen.findByText('Showing q=pear&colour=red')).toBeDefined();
  });
});
