import { expect, test } from '@playwright/test';
import { openHydrated, watchForErrors } from './page-helpers';
import { registerShopper, signInAs } from './shoppers';

// The store as a cluster (docs/decisions/0078): every request of this journey goes through HAProxy to one
// of three web processes in turn, and the verification mail is sent by the worker. A shopper registers,
// signs in, adds a product to the cart and finds it there on every page load, whichever process answers.

type Found = { products: { uuid: string; name: string; paramName: string }[] };
type Product = { variants: unknown[]; stock: number };

test('a shopper signs in, fills the cart and finds it on every process', async ({ page, request }) => {
  const errors = watchForErrors(page);
  await openHydrated(page, '/');
  // Registered and verified with the code the worker mailed.
  await signInAs(page.request, await registerShopper(request, { verified: true }));

  const { products } = (await (await request.get('/api/product/search?limit=40')).json()) as Found;
  let chosen: Found['products'][number] | undefined;
  for (const candidate of products) {
    const { product } = (await (await request.get(`/api/product/one/${candidate.uuid}`)).json()) as {
      product: Product;
    };
    if (product.variants.length === 0 && product.stock > 0) {
      chosen = candidate;
      break;
    }
  }
  if (!chosen) throw new Error('the demo store has no product without variants in stock');

  await openHydrated(page, `/product/${chosen.paramName}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText('Added 1 to your cart.')).toBeVisible();

  // Four loads of the cart: with three web processes, at least two answer them, from one database.
  for (let load = 0; load < 4; load += 1) {
    await openHydrated(page, '/cart');
    await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Cart items' }).getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('link', { name: chosen.name }).first()).toBeVisible();
  }
  expect(errors).toEqual([]);
});
