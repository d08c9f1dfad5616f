import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ShopperRecordPage } from './shopper-record-page';

afterEach(cleanup);

describe('ShopperRecordPage', () => {
  it('is an article named by the record’s heading, led by a link back to the shopper’s list', () => {
    render(
      <MemoryRouter>
        <ShopperRecordPage labelledBy="order-heading" backTo="/orders" backLabel="Your orders">
          <h1 id="order-heading">Order CB-1042</h1>
        </ShopperRecordPage>
      </MemoryRouter>,
    );
    const article = screen.getByRole('article', { name: 'Order CB-1042' });
    const back = screen.getByRole('link', { name: 'Your orders' });
    expect(back.getAttribute('href')).toBe('/orders');
    expect(article.firstElementChild?.contains(back)).toBe(true);
    expect(article.lastElementChild?.tagName).toBe('H1');
  });
});
