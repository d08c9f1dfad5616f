import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page, test } from '@playwright/test';
import { horizontalOverflow, openHydrated, watchForErrors } from './page-helpers';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const SCREENSHOTS = process.env.FINDING_SCREENSHOTS;
// A client navigation waits for the next page's data, which a loaded machine can take seconds to serve.
const NAVIGATION = { timeout: 20_000 };

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Serious and critical accessibility violations, by rule and element, in the header (with its menu, drawer
 * and suggestions) and whatever else `selectors` name: what this journey's features put on the page.
 */
async function seriousViolations(page: Page, selectors: string[] = []): Promise<string[]> {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(
    async (include) => {
      type AxeViolation = { id: string; impact: string | null; nodes: { target: string[] }[] };
      type Axe = { run: (context: { include: string[][] }) => Promise<{ violations: AxeViolation[] }> };
      const { axe } = window as unknown as { axe: Axe };
      const { violations } = await axe.run({ include: include.map((selector) => [selector]) });
      return violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
          (violation) =>
            `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        );
    },
    ['header', ...selectors],
  );
}

// axe is added to the page as an inline script, which the store's Content-Security-Policy rightly refuses.
test.use({ bypassCSP: true });

async function snapshot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: `${SCREENSHOTS}/finding-${name}.png` });
}

test.describe('finding things on a phone', () => {
  test.use({ viewport: PHONE });

  test('a shopper opens the category drawer and reaches a category', async ({ page }) => {
    const errors = watchForErrors(page);
    await openHydrated(page, '/');
    const header = page.getByRole('banner');
    const menuButton = header.getByRole('button', { name: 'Categories' });
    // The header stays two rows: the logo and account controls, then the categories and the search.
    const search = header.getByRole('combobox', { name: 'Search products' });
    const [menuBox, searchBox, logoBox] = await Promise.all([
      menuButton.boundingBox(),
      search.boundingBox(),
      header.getByRole('link', { name: 'Crossbuy' }).boundingBox(),
    ]);
    expect(Math.abs((menuBox?.y ?? 0) - (searchBox?.y ?? 100))).toBeLessThan(8);
    expect(menuBox?.y ?? 0).toBeGreaterThan((logoBox?.y ?? 0) + (logoBox?.height ?? 0));
    expect(menuBox?.height ?? 0).toBeGreaterThanOrEqual(44);

    await menuButton.click();
    const drawer = page.getByRole('dialog', { name: 'Categories' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Close categories' })).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await drawer.getByRole('button', { name: 'Fashion' }).click();
    await expect(drawer.getByRole('link', { name: 'All of Fashion' })).toBeVisible();
    await snapshot(page, 'phone-drawer');
    expect(await seriousViolations(page)).toEqual([]);

    // Escape closes it and gives focus back; the page scrolls again.
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menuButton).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');

    await menuButton.click();
    await drawer.getByRole('button', { name: 'Electronics' }).click();
    await drawer.getByRole('link', { name: 'Headphones' }).click();
    await expect(page).toHaveURL(/\/category\/headphones$/, NAVIGATION);
    await expect(page.getByRole('heading', { level: 1, name: 'Headphones' })).toBeVisible();
    await expect(drawer).toBeHidden();
    expect(await horizontalOverflow(page)).toBe(0);
    expect(errors).toEqual([]);
  });

  test('suggestions fit a phone', async ({ page }) => {
    await openHydrated(page, '/');
    await page.getByRole('banner').getByRole('combobox', { name: 'Search products' }).fill('headph');
    await expect(page.getByRole('listbox', { name: 'Search suggestions' })).toBeVisible();
    await snapshot(page, 'phone-suggestions');
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
  });
});

test.describe('finding things at a desk', () => {
  test.use({ viewport: DESKTOP });

  test('the mega menu opens by keyboard and closes on Escape', async ({ page }) => {
    const errors = watchForErrors(page);
    await openHydrated(page, '/');
    const menuButton = page.getByRole('banner').getByRole('button', { name: 'Categories' });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('navigation', { name: 'Categories' });
    await expect(menu.getByRole('link', { name: 'Electronics' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Headphones' })).toBeVisible();
    await snapshot(page, 'desktop-mega-menu');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();
    expect(errors).toEqual([]);
  });

  test('a shopper types part of a word and picks a suggestion with the keyboard', async ({ page }) => {
    const errors = watchForErrors(page);
    await openHydrated(page, '/');
    const search = page.getByRole('banner').getByRole('combobox', { name: 'Search products' });
    await search.pressSequentially('headph', { delay: 40 });
    const listbox = page.getByRole('listbox', { name: 'Search suggestions' });
    await expect(listbox).toBeVisible();
    await expect(search).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('status').filter({ hasText: /\d+ suggestions?;/ })).toBeAttached();
    const products = listbox.getByRole('group', { name: 'Products' }).getByRole('option');
    await expect(products.first()).toBeVisible();
    const categories = listbox.getByRole('group', { name: 'Categories' }).getByRole('option');
    const categoryCount = await categories.count();
    const firstProduct = (await products.first().innerText()).trim();

    for (let step = 0; step <= categoryCount; step += 1) await search.press('ArrowDown');
    await expect(search).toBeFocused();
    const activeId = await search.getAttribute('aria-activedescendant');
    expect(activeId).toBeTruthy();
    await expect(products.first()).toHaveAttribute('aria-selected', 'true');
    await expect(products.first()).toHaveAttribute('id', activeId ?? '');
    await snapshot(page, 'desktop-suggestions');
    expect(await seriousViolations(page)).toEqual([]);

    await search.press('Enter');
    await expect(page).toHaveURL(/\/product\//, NAVIGATION);
    await expect(page.getByRole('heading', { level: 1, name: firstProduct })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a misspelt search says which words it showed results for, and offers the words as typed', async ({
    page,
  }) => {
    const errors = watchForErrors(page);
    await openHydrated(page, '/');
    const search = page.getByRole('banner').getByRole('combobox', { name: 'Search products' });
    await search.fill('hedphones');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=hedphones$/, NAVIGATION);
    await expect(page.getByText('Showing results for headphones')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Results for “headphones”' })).toBeVisible();
    const results = page.getByRole('list', { name: 'Search results' });
    await expect(results.getByRole('link', { name: /Headphones/ }).first()).toBeVisible();
    await snapshot(page, 'desktop-corrected');
    expect(await seriousViolations(page, ['[data-testid="corrected-query"]'])).toEqual([]);

    await page.getByRole('link', { name: 'hedphones' }).click();
    await expect(page).toHaveURL(/\/search\?q=hedphones&asTyped=1$/, NAVIGATION);
    await expect(page.getByText('No products match “hedphones”.')).toBeVisible();
    await expect(page.getByText('Showing results for')).toBeHidden();
    expect(errors).toEqual([]);
  });
});
