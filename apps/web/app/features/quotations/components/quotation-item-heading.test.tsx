import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { QuotationItemHeading } from './quotation-item-heading';

afterEach(cleanup);

describe('QuotationItemHeading', () => {
  it("names the page by the item, under where it comes from, followed by each side's details", () => {
    render(
      <QuotationItemHeading
        item={{ name: 'Rice cooker', mainImage: null, marketplaceLabel: 'QUOTATION' }}
        headingId="quotation-name"
      >
        <p>Requested today</p>
      </QuotationItemHeading>,
    );
    const heading = screen.getByRole('heading', { level: 1, name: 'Rice cooker' });
    expect(heading.id).toBe('quotation-name');
    const details = heading.parentElement as HTMLElement;
    expect(details.lastElementChild?.textContent).toBe('Requested today');
    expect(details.firstElementChild?.textContent).toBe('Quoted item');
  });
});
