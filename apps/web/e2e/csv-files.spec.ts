import { readFile } from 'node:fs/promises';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { horizontalOverflow, openHydrated, watchForErrors } from './page-helpers';
import { signInAsStaff } from './shoppers';

// Each step loads a screen or sends a file through the server and back: allow a busy machine its time.
const expect = baseExpect.configure({ timeout: 20_000 });

/** Clicks a download link and reads the file the browser saved. */
async function downloaded(page: Page, linkName: string): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: linkName }).first().click(),
  ]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') };
}

/** A CSV file as a spreadsheet would save it again: every cell quoted, CRLF line ends. */
function csvOf(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => row.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(',')).join('\r\n');
}

async function importFile(page: Page, name: string, text: string) {
  await page.getByLabel('CSV file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  await page.getByRole('button', { name: 'Preview the changes' }).click();
}

test.describe('orders and products as CSV files', () => {
  test('an operator exports orders and products, edits a price in the file, previews and applies it, and the shop sells at it', async ({
    page,
  }) => {
    // Two exports, two previews and two imports, each a round trip through a file.
    test.setTimeout(180_000);
    const errors = watchForErrors(page);
    await openHydrated(page, '/');
    await signInAsStaff(page.request);

    // The order desk exports what its filters show.
    await openHydrated(page, '/admin/orders?status=paid&placedFrom=2026-01-01');
    const orders = await downloaded(page, 'Export these orders (CSV)');
    expect(orders.name).toMatch(/^orders-paid-2026-01-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(orders.text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'reference,placed_at_singapore,status,customer_name,customer_email,currency,subtotal,discount,shipping,payment_fee,tax,tax_included,total,paid,refunded,net,payment_method',
    );

    // The catalogue's file: a header naming every region's price column, a line per product or variant.
    await openHydrated(page, '/admin/products');
    const exported = await downloaded(page, 'Export products (CSV)');
    const [header = [], ...lines] = parse(exported.text, { bom: true }) as string[][];
    expect(header.slice(0, 5)).toEqual(['product', 'name', 'category', 'merchant', 'enabled']);
    expect(lines.length).toBeGreaterThan(0);
    const column = (name: string) => header.indexOf(name);
    const [first = []] = lines;

    // A new product, added through the file; its key is new, so the import creates it.
    const key = `harbour-lantern-${Date.now().toString(36)}`;
    const newLine = header.map((name) => {
      if (name === 'product') return key;
      if (name === 'name') return 'Harbour Lantern';
      if (name === 'category' || name === 'merchant') return first[column(name)] ?? '';
      if (name === 'enabled') return 'yes';
      if (name === 'price_SGD') return '40.00';
      if (name === 'stock') return '5';
      return '';
    });
    await page.getByRole('link', { name: 'Import products' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Import products' })).toBeVisible();
    await importFile(page, 'new-product.csv', csvOf([header, newLine]));
    await expect(page.getByRole('heading', { name: 'What the file changes' })).toBeFocused();
    await expect(page.getByText('The file adds 1 product and changes 0 products')).toBeVisible();
    await page.getByRole('button', { name: 'Apply these changes' }).click();
    await expect(page.getByRole('status')).toHaveText('Imported: 1 product added, 0 products changed.');

    // Out again, its price edited in the file, and back in.
    const again = await downloaded(page, 'Export products (CSV)');
    const [againHeader = [], ...againLines] = parse(again.text, { bom: true }) as string[][];
    const lantern = againLines.find((line) => line[0] === key);
    expect(lantern?.[againHeader.indexOf('price_SGD')]).toBe('40.00');
    const edited = [...(lantern ?? [])];
    edited[againHeader.indexOf('price_SGD')] = '45.50';

    // A wrong line first: nothing is imported, and the line is named with what is wrong.
    const wrong = [...edited];
    wrong[againHeader.indexOf('stock')] = 'lots';
    await importFile(page, 'wrong.csv', csvOf([againHeader, edited, wrong]));
    await expect(page.getByRole('heading', { name: 'Nothing was imported' })).toBeFocused();
    await expect(page.getByRole('list', { name: 'Lines to fix' })).toContainText(
      'Line 3: The stock must be a whole number from 0 to 1,000,000',
    );

    await importFile(page, 'products.csv', csvOf([againHeader, edited]));
    const changes = page.getByRole('list', { name: 'Changes' });
    await expect(changes).toContainText('Harbour Lantern');
    await expect(changes).toContainText('Price: S$40.00 → S$45.50');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: 'Apply these changes' }).click();
    await expect(page.getByRole('status')).toHaveText('Imported: 0 products added, 1 product changed.');

    await page
      .getByRole('list', { name: 'Imported products' })
      .getByRole('link', { name: 'Harbour Lantern' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Harbour Lantern' })).toBeVisible();
    const productPath =
      (await page.getByRole('link', { name: 'Open in the shop' }).getAttribute('href')) ?? '';
    await openHydrated(page, productPath);
    await expect(page.getByTestId('product-price')).toContainText('45.50');
    // The one refusal, of the wrong file, is the browser's note of a 400; nothing else went wrong.
    expect(errors).toEqual([
      'console: Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
  });
});
