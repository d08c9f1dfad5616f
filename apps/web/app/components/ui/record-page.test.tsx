import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { RecordPage } from './record-page';

afterEach(cleanup);

function renderAt(element: ReactNode) {
  render(<MemoryRouter>{element}</MemoryRouter>);
}

describe('RecordPage', () => {
  it('is an article named by its title, led by a link back to its list and the summary', () => {
    renderAt(
      <RecordPage
        titleId="customer-title"
        title="Mei Tan"
        backTo="/admin/customers"
        backLabel="Back to the customers"
        width="4xl"
        summary={<p>Active</p>}
      >
        <p>Profile</p>
      </RecordPage>,
    );
    const article = screen.getByRole('article', { name: 'Mei Tan' });
    const header = article.firstElementChild as HTMLElement;
    expect(header.tagName).toBe('HEADER');
    const back = screen.getByRole('link', { name: 'Back to the customers' });
    expect(back.getAttribute('href')).toBe('/admin/customers');
    expect(header.firstElementChild).toBe(back);
    expect(header.lastElementChild?.textContent).toBe('Active');
    expect(screen.getByRole('heading', { level: 1, name: 'Mei Tan' }).id).toBe('customer-title');
    expect(article.lastElementChild?.textContent).toBe('Profile');
  });
});
