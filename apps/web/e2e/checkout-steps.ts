import { expect, type Page } from '@playwright/test';
import { openHydrated } from './page-helpers';

// Steps of checking out through the store's pages, shared by the checkout and purchase journeys.

type ProductSummary = { uuid: string; name: string; paramName: string };
export type ProductAnswer = ProductSummary & { variants: unknown[]; stock: number };

/** A product without options and with stock, so the journey adds it with one click. The demo store is generated from a seed. */
export async function simpleProduct(page: Page, skip = 0): Promise<ProductAnswer> {
  const search = await (await page.request.get('/api/product/search?inStock=true&limit=48')).json();
  let skipped = 0;
  for (const summary of search.products as ProductSummary[]) {
    const { product } = (await (await page.request.get(`/api/product/one/${summary.uuid}`)).json()) as {
      product: ProductAnswer;
    };
    if (product.variants.length > 0 || product.stock < 3) continue;
    if (skipped++ < skip) continue;
    return product;
  }
  throw new Error('no product without options in stock');
}

/** Adds the product from its page, then opens the cart and checks out that line alone. */
export async function checkOut(page: Page, product: ProductAnswer) {
  await openHydrated(page, `/product/${product.paramName}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByText(/^Added 1 to your cart\./)).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: /^Cart/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  const all = page.getByRole('checkbox', { name: 'Select all' });
  await all.check();
  await all.uncheck();
  await page.getByRole('checkbox', { name: `Select ${product.name} for checkout` }).check();
  await page.getByRole('button', { name: 'Check out' }).click();
  await expect(page).toHaveURL(/\/checkout\?session=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Items in this order' })).toContainText(product.name);
}

/** The shopper's first address, typed into the form the checkout opens when there is none yet. */
export async function addFirstAddress(page: Page) {
  const form = page.getByRole('form', { name: 'Add a delivery address' });
  await expect(form.or(page.getByRole('group', { name: 'Delivery address' }))).toBeVisible();
  if (!(await form.isVisible())) return;
  await expect(form.getByLabel(/^Full name/)).toHaveValue('Mei Tan');
  await form.getByLabel(/^Address/).fill('10 Bayfront Avenue');
  await form.getByLabel(/^Postal code/).fill('018956');
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(
    page.getByRole('group', { name: 'Delivery address' }).getByRole('radio', { name: /10 Bayfront Avenue/ }),
  ).toBeChecked();
}
