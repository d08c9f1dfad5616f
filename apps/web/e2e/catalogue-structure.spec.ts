import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { horizontalOverflow, openHydrated, watchForErrors } from './page-helpers';
import { signInAsStaff } from './shoppers';

test.describe('catalogue structure', () => {
  test('an operator adds a category and a merchant, and a picture uploaded to a product shows on its page', async ({
    page,
  }) => {
    const errors = watchForErrors(page);
    const suffix = Date.now().toString(36);
    await signInAsStaff(page.request);

    await openHydrated(page, '/admin/products/categories');
    await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
    const addCategory = page.getByRole('form', { name: 'Add a category' });
    await addCategory.getByLabel('Name').fill(`Travel Kettles ${suffix}`);
    await addCategory.getByRole('button', { name: 'Add category' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Travel Kettles ${suffix} was added.` }),
    ).toBeVisible();
    await expect(page.getByRole('list', { name: 'Category tree' })).toContainText(`travel-kettles-${suffix}`);

    await openHydrated(page, '/admin/products/merchants');
    await page.getByRole('button', { name: 'Add a merchant' }).click();
    const addMerchant = page.getByRole('form', { name: 'Add a merchant' });
    await addMerchant.getByLabel('Name').fill(`Osaka Supply ${suffix}`);
    await addMerchant.getByLabel('Marketplace').fill('Rakuten');
    await addMerchant.getByLabel('Country code').fill('JP');
    await addMerchant.getByRole('button', { name: 'Add merchant' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `Osaka Supply ${suffix} was added.` }),
    ).toBeVisible();
    await page.getByLabel('Name or marketplace').fill(`Osaka Supply ${suffix}`);
    await page.getByLabel('Name or marketplace').press('Enter');
    await expect(page.getByRole('table')).toContainText(`osaka-supply-${suffix}`);

    const search = await (await page.request.get('/api/product/search?limit=1')).json();
    const product: { uuid: string; paramName: string; name: string } = search.products[0];
    // The old pictures page leads to the product's edit page, where the pictures are edited now.
    await openHydrated(page, `/admin/products/${product.uuid}/images`);
    await expect(page).toHaveURL(new RegExp(`/admin/products/${product.uuid}#pictures$`));
    await expect(page.getByRole('heading', { name: 'Pictures', exact: true })).toBeVisible();
    const before = await page.getByRole('list', { name: 'Pictures in order' }).getByRole('listitem').count();
    const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#d35400' } })
      .png()
      .toBuffer();
    await page
      .getByLabel('Add a picture')
      .setInputFiles({ name: 'kettle.png', mimeType: 'image/png', buffer: picture });
    await expect(page.getByRole('status').filter({ hasText: 'kettle.png was added.' })).toBeVisible();
    const pictures = page.getByRole('list', { name: 'Pictures in order' }).getByRole('listitem');
    await expect(pictures).toHaveCount(before + 1);
    // Made the main picture by keyboard-reachable buttons, one place at a time.
    for (let place = before + 1; place > 1; place -= 1) {
      await page.getByRole('button', { name: `Move picture ${place} earlier` }).click();
      const said =
        place === 2 ? 'Picture 2 is now the main picture.' : `Picture ${place} moved to place ${place - 1}.`;
      await expect(page.getByRole('status').filter({ hasText: said })).toBeVisible();
    }
    const uploaded = await pictures.first().getByRole('img').getAttribute('src');
    expect(uploaded).toMatch(new RegExp(`/images/products/${product.uuid}/[0-9a-f-]+_thumb\\.webp$`));
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await openHydrated(page, `/product/${product.paramName}`);
    const main = page.locator(`img[src="${uploaded?.replace('_thumb', '')}"]`);
    await expect(main).toBeVisible();
    expect(await main.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(64);
    expect(errors).toEqual([]);
  });
});
