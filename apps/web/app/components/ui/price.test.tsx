import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Price, PriceRange } from './price';

afterEach(cleanup);

const NBSP = '\u00a0';

function shown(element: React.ReactElement): string {
  const { container } = render(element);
  const text = container.textContent ?? '';
  cleanup();
  return text;
}

describe('Price', () => {
  it('shows yen without decimals', () => {
    expect(shown(<Price value={{ amountMinor: 47176, currency: 'JPY' }} />)).toBe('¥47,176');
  });

  it('shows won without decimals', () => {
    expect(shown(<Price value={{ amountMinor: 430290, currency: 'KRW' }} />)).toBe('₩430,290');
  });

  it('shows Singapore dollars with two decimals', () => {
    expect(shown(<Price value={{ amountMinor: 41990, currency: 'SGD' }} />)).toBe('S$419.90');
    expect(shown(<Price value={{ amountMinor: 5, currency: 'SGD' }} />)).toBe('S$0.05');
  });

  it('shows ringgit with two decimals', () => {
    expect(shown(<Price value={{ amountMinor: 123456789, currency: 'MYR' }} />)).toBe(
      `RM${NBSP}1,234,567.89`,
    );
  });
});

describe('PriceRange', () => {
  it('shows one price when every variant costs the same', () => {
    const price = { amountMinor: 2990, currency: 'SGD' } as const;
    expect(shown(<PriceRange range={{ min: price, max: price }} />)).toBe('S$29.90');
  });

  it('shows the lowest price as a starting point', () => {
    expect(
      shown(
        <PriceRange
          range={{ min: { amountMinor: 3400, currency: 'JPY' }, max: { amountMinor: 5200, currency: 'JPY' } }}
        />,
      ),
    ).toBe('From ¥3,400');
  });
});
