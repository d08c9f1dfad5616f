import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormPanel, Panel } from './panel';

afterEach(cleanup);

describe('Panel', () => {
  it('is a region named by its second-level heading, which takes no focus of its own', () => {
    render(
      <Panel headingId="refunds-heading" title="Refunds">
        <p>Nothing to refund.</p>
      </Panel>,
    );
    const panel = screen.getByRole('region', { name: 'Refunds' });
    const heading = screen.getByRole('heading', { level: 2, name: 'Refunds' });
    expect(panel.firstElementChild).toBe(heading);
    expect(heading.hasAttribute('tabindex')).toBe(false);
    expect(panel.lastElementChild?.textContent).toBe('Nothing to refund.');
  });

  it('lets the focus be moved to its heading when given a way to reach it', () => {
    const heading = createRef<HTMLHeadingElement>();
    render(
      <Panel headingId="refunds-heading" title="Refunds" headingRef={heading}>
        <p>Refunded.</p>
      </Panel>,
    );
    heading.current?.focus();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Refunds' }));
    expect(heading.current?.getAttribute('tabindex')).toBe('-1');
  });

  it('puts the buttons that act on the whole panel beside its heading', () => {
    render(
      <Panel
        headingId="location-heading"
        title="Singapore (SG)"
        actions={<button type="button">Close</button>}
      >
        <p>No fee rules.</p>
      </Panel>,
    );
    const heading = screen.getByRole('heading', { level: 2, name: 'Singapore (SG)' });
    const row = heading.parentElement;
    expect(row?.parentElement).toBe(screen.getByRole('region', { name: 'Singapore (SG)' }));
    expect(row?.lastElementChild).toBe(screen.getByRole('button', { name: 'Close' }));
  });
});

describe('FormPanel', () => {
  it('is a form named by its heading that sends what it holds, checked by the store rather than the browser', () => {
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <FormPanel headingId="stock-heading" title="Stock" onSubmit={onSubmit} noValidate>
        <button type="submit">Save stock</button>
      </FormPanel>,
    );
    const form = screen.getByRole('form', { name: 'Stock' });
    expect(form.firstElementChild).toBe(screen.getByRole('heading', { level: 2, name: 'Stock' }));
    expect(form.hasAttribute('novalidate')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save stock' }));
    expect(onSubmit).toHaveBeenCalledOnce();
  });
});
