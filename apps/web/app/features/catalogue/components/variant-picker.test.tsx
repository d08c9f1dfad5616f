import type { Product } from '@crossbuy/core/catalogue';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ProductDetail } from './product-detail';

afterEach(cleanup);

const sgd = (amountMinor: number) => ({ amountMinor, currency: 'SGD' as const });

// Colour x Size, where Black/L is sold out and every White is sold out.
const shirt: Product = {
  uuid: '7f0c4a3e-6a51-4b7e-9a47-0d3c2d1e5f60',
  paramName: 'linen-shirt-7f0c4a3e',
  name: 'Linen Shirt',
  description: 'A shirt.',
  mainImage: '/images/products/shirt.svg',
  gallery: ['/images/products/shirt-2.svg'],
  price: sgd(2990),
  priceCurrency: 'SGD',
  priceRange: { min: sgd(2990), max: sgd(3290) },
  stock: 0,
  disabled: false,
  sourceMarketPlace: 'Rakuten',
  merchant: { id: 'm1', name: 'Shibuya Street Style' },
  categoryId: 'shirts',
  createdAt: '2026-01-01T00:00:00.000Z',
  variants: [
    { name: 'Colour', options: ['Black', 'White'] },
    { name: 'Size', options: ['M', 'L'] },
  ],
  variantPaths: {
    '0/0': { price: sgd(2990), stock: 12 },
    '0/1': { price: sgd(3290), stock: 0 },
    '1/0': { price: sgd(2990), stock: 0 },
    '1/1': { price: sgd(3290), stock: 0 },
  },
};

function renderProduct(product: Product) {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <ProductDetail
          product={product}
          trail={[{ id: 'shirts', name: 'Shirts' }]}
          actions={({ path, quantity, missing }) => (
            <p data-testid="choice">{`${path ?? 'none'} × ${quantity}, missing ${missing.join(', ')}`}</p>
          )}
        />
      ),
    },
  ]);
  render(<Stub initialEntries={['/']} />);
}

const label = () => screen.getByTestId('variant-label').textContent;
const stock = () => screen.getByTestId('stock-state').textContent;
const price = () => screen.getByTestId('product-price').textContent;

describe('the variant picker', () => {
  it('has one radio group per variant and no label until every option is chosen', async () => {
    renderProduct(shirt);
    expect(screen.getAllByRole('radiogroup')).toHaveLength(2);
    expect(screen.getByRole('radiogroup', { name: 'Colour' })).toBeTruthy();
    expect(label()).toBe('');
    expect(stock()).toBe('Choose colour and size to see stock.');
    expect(price()).toBe('From S$29.90');

    await userEvent.click(screen.getByRole('radio', { name: 'Black' }));
    expect(label()).toBe('');
    expect(stock()).toBe('Choose size to see stock.');

    await userEvent.click(screen.getByRole('radio', { name: 'M' }));
    expect(label()).toBe('Colour: Black, Size: M');
    expect(stock()).toBe('In stock');
    expect(price()).toBe('S$29.90');
  });

  it('shows the stock and price of the chosen variant', async () => {
    renderProduct(shirt);
    await userEvent.click(screen.getByRole('radio', { name: 'Black' }));
    await userEvent.click(screen.getByRole('radio', { name: 'L (sold out)' }));
    expect(label()).toBe('Colour: Black, Size: L');
    expect(stock()).toBe('Sold out');
    expect(price()).toBe('S$32.90');
  });

  it('marks options that cannot be had in stock with the options already chosen', async () => {
    renderProduct(shirt);
    const colours = screen.getByRole('radiogroup', { name: 'Colour' });
    const sizes = screen.getByRole('radiogroup', { name: 'Size' });
    // Nothing chosen: White is sold out in every size; both sizes exist in stock in some colour.
    expect(within(colours).getByRole('radio', { name: 'White (sold out)' })).toBeTruthy();
    expect(within(sizes).getByRole('radio', { name: 'M' })).toBeTruthy();
    expect(within(sizes).getByRole('radio', { name: 'L (sold out)' })).toBeTruthy();

    await userEvent.click(within(colours).getByRole('radio', { name: 'White (sold out)' }));
    expect(within(sizes).getByRole('radio', { name: 'M (sold out)' })).toBeTruthy();
  });

  it('fits the quantity to the chosen variant on the field itself, saying why next to it', async () => {
    renderProduct(shirt);
    await userEvent.click(screen.getByRole('radio', { name: 'Black' }));
    await userEvent.click(screen.getByRole('radio', { name: 'M' }));
    const quantity = screen.getByLabelText('Quantity') as HTMLInputElement;
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '13');
    await userEvent.tab();
    expect(quantity.value).toBe('12');
    expect(screen.getByTestId('choice').textContent).toBe('0/0 × 12, missing ');
    const described = (quantity.getAttribute('aria-describedby') ?? '').split(' ');
    const reasons = described.map((id) => document.getElementById(id)?.textContent);
    expect(reasons).toEqual(['In stock', 'Only 12 left, so the quantity is 12.']);
    expect(screen.queryByRole('alert')).toBeNull();

    await userEvent.clear(quantity);
    await userEvent.type(quantity, '0{Enter}');
    expect(quantity.value).toBe('1');
    expect(document.getElementById(`${quantity.id.replace(/-input$/, '')}-reason`)?.textContent).toBe(
      '1 is the fewest you can buy.',
    );
  });

  it('fits a quantity again when another option has fewer left', async () => {
    const fewer = {
      ...shirt,
      variantPaths: { ...shirt.variantPaths, '0/1': { price: sgd(3290), stock: 3 } },
    };
    renderProduct(fewer);
    await userEvent.click(screen.getByRole('radio', { name: 'Black' }));
    await userEvent.click(screen.getByRole('radio', { name: 'M' }));
    const quantity = screen.getByLabelText('Quantity') as HTMLInputElement;
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '5{Enter}');
    expect(quantity.value).toBe('5');
    await userEvent.click(screen.getByRole('radio', { name: /^L/ }));
    expect(quantity.value).toBe('3');
    expect(screen.getByText('Only 3 left, so the quantity is 3.')).toBeTruthy();
    expect(stock()).toBe('In stock: only 3 left');
  });

  it('uses the product stock when there are no variants', () => {
    renderProduct({ ...shirt, variants: [], variantPaths: {}, stock: 3 });
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(stock()).toBe('In stock: only 3 left');
  });

  it('gives the buttons the choice: no path until every kind is chosen, then the path and quantity', async () => {
    renderProduct(shirt);
    expect(screen.getByTestId('choice').textContent).toBe('none × 1, missing Colour, Size');
    await userEvent.click(screen.getByRole('radio', { name: /^Black/ }));
    await userEvent.click(screen.getByRole('radio', { name: /^M/ }));
    expect(screen.getByTestId('choice').textContent).toBe('0/0 × 1, missing ');
  });

  it('shows a withdrawn product as no longer available, without buying controls', () => {
    renderProduct({ ...shirt, disabled: true });
    expect(screen.getByRole('heading', { level: 1, name: 'Linen Shirt' })).toBeTruthy();
    expect(screen.getByText(/no longer available/)).toBeTruthy();
    expect(screen.queryByTestId('choice')).toBeNull();
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });
});
