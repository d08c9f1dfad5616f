import { expect, test } from '@playwright/test';
import { horizontalOverflow, openHydrated, watchForErrors } from './page-helpers';
import { signInAsStaff } from './shoppers';

test.describe('back office catalogue', () => {
  test('an operator adds a product, changes its price and disables it; the shop follows on its next load', async ({
    page,
  }) => {
    const errors = watchForErrors(page);
    const name = `Harbour Lantern ${Date.now().toString(36)}`;
    await openHydrated(page, '/');
    await signInAsStaff(page.request);

    await openHydrated(page, '/admin/products');
    await expect(page.getByRole('heading', { level: 1, name: 'Catalogue' })).toBeVisible();
    await page.getByRole('link', { name: 'Add a product' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Add a product' })).toBeVisible();
    await page.getByLabel(/^Name/).fill(name);
    await page.getByLabel(/^Description/).fill('A storm lantern for the balcony.');
    const category = page.getByLabel(/^Category/);
    await category.selectOption({ index: 1 });
    await page.getByLabel(/^Merchant/).selectOption({ index: 1 });
    await page.getByLabel(/^Price \(SGD\)/).fill('40.00');
    await page.getByLabel(/^Stock/).fill('5');
    await page.getByLabel('On sale as soon as it is added').check();
    await page.getByRole('button', { name: 'Add the product' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    const shopLink = page.getByRole('link', { name: 'Open in the shop' });
    const productPath = (await shopLink.getAttribute('href')) ?? '';

    // The list finds it by name, with the filter in the URL.
    await openHydrated(page, '/admin/products');
    await page.getByLabel('Name or id').fill(name);
    await page.getByLabel('Name or id').press('Enter');
    await expect(page).toHaveURL(/\/admin\/products\?q=Harbour/);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('On sale');
    await row.getByRole('link', { name }).click();

    const price = page.getByLabel(/^Price \(SGD\)/);
    await price.fill('45.50');
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect(page.getByText('The product is saved. The shop shows it now.')).toBeVisible();

    await openHydrated(page, productPath);
    await expect(page.getByTestId('product-price')).toContainText('45.50');

    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Disable…' }).click();
    await page.getByRole('button', { name: 'Keep it on sale' }).click();
    await page.getByRole('button', { name: 'Disable…' }).click();
    await page.getByRole('button', { name: 'Disable the product' }).click();
    await expect(page.getByText(/^Disabled: shoppers cannot find or buy this product/)).toBeVisible();

    await openHydrated(page, productPath);
    await expect(page.getByText('This product is no longer available.', { exact: false })).toBeVisible();
    await expect(page.getByTestId('product-price')).toHaveCount(0);
    const search = await (await page.request.get(`/api/product/search?q=${encodeURIComponent(name)}`)).json();
    expect(search.total).toBe(0);

    await openHydrated(page, '/admin/products?enabled=false');
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Disabled');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });
});
