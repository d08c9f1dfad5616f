import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TitledPage } from './titled-page';

afterEach(cleanup);

describe('TitledPage', () => {
  it('is a region named by its heading, with what it holds after the heading', () => {
    render(
      <TitledPage headingId="fruits-heading" title="Fruits" width="max-w-3xl">
        <p>Apples and pears</p>
      </TitledPage>,
    );
    const page = screen.getByRole('region', { name: 'Fruits' });
    expect(page.firstElementChild?.tagName).toBe('H1');
    expect(page.lastElementChild?.textContent).toBe('Apples and pears');
    expect(screen.getByRole('heading', { level: 1, name: 'Fruits' }).id).toBe('fruits-heading');
  });

  it('sets what the page offers beside its heading', () => {
    render(
      <TitledPage
        headingId="fruits-heading"
        title="Fruits"
        width="max-w-6xl"
        actions={<button type="button">Add a fruit</button>}
      >
        <p>Apples and pears</p>
      </TitledPage>,
    );
    const heading = screen.getByRole('heading', { level: 1, name: 'Fruits' });
    expect(heading.nextElementSibling?.textContent).toBe('Add a fruit');
    expect(screen.getByRole('region', { name: 'Fruits' }).lastElementChild?.textContent).toBe(
      'Apples and pears',
    );
  });
});
