import { createRequire } from 'node:module';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { horizontalOverflow, openHydrated, watchForErrors } from './page-helpers';
import { signInAsStaff, xsrfHeader } from './shoppers';

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The serious and critical accessibility findings on the page as it is now. */
async function seriousAxeFindings(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<{ violations: Violation[] }> } }).axe;
    type Violation = { id: string; impact: string | null; nodes: { target: string[] }[] };
    const { violations } = await axe.run();
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
  });
}

const picture = (background: string, width = 80, height = 60) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

/** A product on sale with two colours, made through the back office's API as an operator would. */
async function productWithTwoColours(request: APIRequestContext, name: string) {
  const headers = await xsrfHeader(request);
  const categories = (await (await request.get('/api/product/categories')).json()).categories;
  const merchants = (await (await request.get('/api/merchant?limit=1')).json()).merchants;
  const created = await request.post('/api/admin/products', {
    headers,
    data: {
      name,
      description: 'A glazed mug, fired twice.',
      categoryId: categories[0].id,
      merchantId: merchants[0].id,
      priceMinor: 2_000,
      weightGrams: 400,
      enabled: true,
      stock: 0,
    },
  });
  expect(created.status(), await created.text()).toBe(200);
  let product = (await created.json()).product;
  const options = await request.patch(`/api/admin/products/${product.id}`, {
    headers,
    data: { version: product.version, variants: [{ name: 'Colour', options: ['Red', 'Blue'] }] },
  });
  product = (await options.json()).product;
  for (const path of ['0', '1']) {
    const variant = await request.put(`/api/admin/products/${product.id}/variants`, {
      headers,
      data: { version: product.version, path, priceMinor: 2_000, stock: 3 },
    });
    expect(variant.status(), await variant.text()).toBe(200);
    product = (await variant.json()).product;
  }
  return product as { id: string; paramName: string };
}

test.describe('catalogue editing', () => {
  // Each journey decodes and re-encodes pictures on the server and loads several pages.
  test.describe.configure({ timeout: 120_000 });
  // axe is added to the page as a script of its own, which the store's Content-Security-Policy refuses.
  test.use({ bypassCSP: true });

  test("an operator edits a product's pictures and its variants' prices and stock on one page; the shop shows them", async ({
    page,
  }) => {
    const errors = watchForErrors(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openHydrated(page, '/');
    await signInAsStaff(page.request);
    const name = `Stoneware Mug ${Date.now().toString(36)}`;
    const product = await productWithTwoColours(page.request, name);

    await openHydrated(page, `/admin/products/${product.id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('This product has no pictures yet.')).toBeVisible();
    const upload = page.getByLabel('Add a picture');

    // A file that is not a picture is refused in words, before anything is sent.
    await upload.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('words') });
    await expect(page.getByRole('alert')).toHaveText('notes.txt is not a JPEG, PNG or WebP picture.');

    await upload.setInputFiles({ name: 'red.png', mimeType: 'image/png', buffer: await picture('#c0392b') });
    await expect(page.getByRole('status').filter({ hasText: 'red.png was added.' })).toBeVisible();
    await upload.setInputFiles({ name: 'blue.png', mimeType: 'image/png', buffer: await picture('#2e86de') });
    await expect(page.getByRole('status').filter({ hasText: 'blue.png was added.' })).toBeVisible();
    const pictures = page.getByRole('list', { name: 'Pictures in order' }).getByRole('listitem');
    await expect(pictures).toHaveCount(2);
    const [red, blue] = await pictures
      .getByRole('img')
      .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).getAttribute('src') ?? ''));

    // The second becomes the main one, by keyboard.
    await page.getByRole('button', { name: 'Make main: picture 2' }).focus();
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('status').filter({ hasText: 'Picture 2 is now the main picture.' }),
    ).toBeVisible();
    await expect(pictures.first().getByRole('img')).toHaveAttribute('src', blue ?? '');
    // And back down a place, then up again: the order the shop shows is blue, red.
    await page.getByRole('button', { name: 'Move the main picture later' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'The main picture moved to place 2.' }),
    ).toBeVisible();
    await expect(pictures.first().getByRole('img')).toHaveAttribute('src', red ?? '');
    await page.getByRole('button', { name: 'Move picture 2 earlier' }).click();
    await expect(pictures.first().getByRole('img')).toHaveAttribute('src', blue ?? '');

    // Both variants' prices and stock, saved with one Save; a wrong cell is named first.
    const table = page.getByRole('form', { name: 'Prices and stock of the variants' });
    await table.getByLabel('Price of Colour: Red (SGD)').fill('31.00');
    await table.getByLabel('Stock of Colour: Red').fill('many');
    await table.getByLabel('Price of Colour: Blue (SGD)').fill('35.00');
    await table.getByLabel('Stock of Colour: Blue').fill('9');
    await table.getByRole('button', { name: 'Save prices and stock' }).click();
    await expect(table.getByRole('alert')).toHaveText(
      'Nothing was saved: please correct Colour: Red, marked below.',
    );
    await expect(table.getByLabel('Stock of Colour: Red')).toBeFocused();
    await table.getByLabel('Stock of Colour: Red').fill('4');
    await table.getByRole('button', { name: 'Save prices and stock' }).click();
    await expect(table.getByText('Prices and stock of the variants saved.')).toBeVisible();
    await expect(page.getByText('Lowest price now:')).toContainText('31.00');

    await page.screenshot({ path: '/tmp/catalogue-product-edit-1280.png', fullPage: true });
    expect(await seriousAxeFindings(page)).toEqual([]);
    // Every region's price field is whole on a phone, none cut off at the edge of a scrolling table.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    const regionEdges = await page
      .getByRole('group', { name: 'Colour: Blue' })
      .getByRole('textbox')
      .evaluateAll((fields) => fields.map((field) => field.getBoundingClientRect().right));
    expect(regionEdges.length).toBeGreaterThan(1);
    for (const edge of regionEdges) expect(edge).toBeLessThanOrEqual(390);
    await page.screenshot({ path: '/tmp/catalogue-product-edit-390.png', fullPage: true });

    // The list shows the new main picture as the product's thumbnail.
    await page.setViewportSize({ width: 1280, height: 800 });
    await openHydrated(page, `/admin/products?q=${encodeURIComponent(name)}`);
    const row = page.getByRole('row').filter({ hasText: name });
    // The thumbnail is decorative beside the product's name, so it has no role of its own.
    await expect(row.locator('img')).toHaveAttribute('src', blue ?? '');
    await page.screenshot({ path: '/tmp/catalogue-product-list-1280.png' });

    await openHydrated(page, `/product/${product.paramName}`);
    await expect(page.getByTestId('product-price')).toContainText('31.00');
    const shown = await page
      .getByRole('list', { name: 'More pictures' })
      .locator('img')
      .evaluateAll((images) => images.map((image) => (image as HTMLImageElement).getAttribute('src') ?? ''));
    expect(shown.map((src) => src.split('/').at(-1))).toEqual(
      [blue, red].map((src) => src?.split('/').at(-1)),
    );
    expect(errors).toEqual([]);
  });

  test('a banner gets an uploaded picture and shows it on the home page', async ({ page }) => {
    const errors = watchForErrors(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openHydrated(page, '/');
    await signInAsStaff(page.request);
    const title = `Tea harvest ${Date.now().toString(36)}`;

    await openHydrated(page, '/admin/marketing/banners');
    await page.getByRole('button', { name: 'New banner' }).click();
    const form = page.getByRole('form', { name: 'New banner' });
    await form.getByLabel(/^Title/).fill(title);
    await form.getByLabel(/^Subtitle/).fill('First flush, just in');
    await form.getByLabel('Or upload a picture').setInputFiles({
      name: 'harvest.png',
      mimeType: 'image/png',
      buffer: await picture('#27ae60', 900, 300),
    });
    await expect(
      form.getByRole('status').filter({ hasText: 'harvest.png was uploaded and chosen as the picture.' }),
    ).toBeVisible();
    const key = await form.getByLabel(/^Picture/).inputValue();
    expect(key).toMatch(/^banners\/[0-9a-f-]+\.webp$/);
    await form.getByLabel(/^Position/).fill('0');
    await page.screenshot({ path: '/tmp/catalogue-banner-form-1280.png', fullPage: true });
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: '/tmp/catalogue-banner-form-390.png', fullPage: true });
    await form.getByRole('button', { name: 'Add banner' }).click();
    await expect(page.getByText(`The banner “${title}” has been added.`)).toBeVisible();

    await page.setViewportSize({ width: 1280, height: 800 });
    await openHydrated(page, '/');
    const banner = page
      .getByRole('region', { name: 'Featured' })
      .getByRole('listitem')
      .filter({ hasText: title });
    await banner.scrollIntoViewIfNeeded();
    // The banner's picture is decorative (its title says what it is), so it has no role of its own.
    const image = banner.locator('img');
    await expect(image).toHaveAttribute('src', `/images/${key}`);
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(900);
    expect(errors).toEqual([]);
  });
});
