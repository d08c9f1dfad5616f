import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { TabLinks } from './tab-links';

afterEach(cleanup);

describe('TabLinks', () => {
  it('is a named navigation of links in order, the current one marked as the page', () => {
    render(
      <MemoryRouter>
        <TabLinks
          label="Orders by status"
          layout="scroll"
          values={[null, 'shipped']}
          current="shipped"
          labelOf={(status) => (status === null ? 'All' : 'Shipped')}
          hrefFor={(status) => (status === null ? '/orders' : `/orders?status=${status}`)}
        />
      </MemoryRouter>,
    );
    const links = within(screen.getByRole('navigation', { name: 'Orders by status' })).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['All', 'Shipped']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/orders', '/orders?status=shipped']);
    expect(links.map((link) => link.getAttribute('aria-current'))).toEqual([null, 'page']);
  });
});
