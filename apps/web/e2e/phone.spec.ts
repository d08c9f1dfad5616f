import { expect, type Page, test } from '@playwright/test';
import { horizontalOverflow, openHydrated, watchForErrors } from './page-helpers';
import { registerShopper } from './shoppers';

const PHONE = { width: 390, height: 844 };

/** Opens the home page and waits past its load and the browser's next idle moment. */
async function openHomeAndSettle(page: Page) {
  await openHydrated(page, '/');
  await page.waitForLoadState('load');
  await page.evaluate(
    () => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 500), { timeout: 3000 })),
  );
}

const scrollPastHero = (page: Page) => page.evaluate(() => window.scrollTo(0, window.innerHeight * 1.5));

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the signed-in header takes two rows, every control of touch size with its name', async ({ page }) => {
    const errors = watchForErrors(page);
    await openHydrated(page, '/');
    await registerShopper(page.request, { verified: false });
    await openHydrated(page, '/');

    const header = page.getByRole('banner');
    const logo = header.getByRole('link', { name: 'Crossbuy' });
    const controls = [
      header.getByRole('combobox', { name: 'Region and currency' }),
      header.getByRole('button', { name: /^Notifications/ }),
      header.getByRole('link', { name: 'Wishlist' }),
      header.getByRole('link', { name: 'Cart' }),
      header.getByRole('button', { name: 'Account menu for Mei' }),
    ];
    const logoBox = await logo.boundingBox();
    if (!logoBox) throw new Error('the logo is not shown');
    const firstRowMiddle = logoBox.y + logoBox.height / 2;
    for (const control of controls) {
      await expect(control).toBeInViewport({ ratio: 1 });
      const box = await control.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
      // On the logo's row.
      expect(Math.abs((box?.y ?? 0) + (box?.height ?? 0) / 2 - firstRowMiddle)).toBeLessThan(8);
    }
    const search = await header.getByRole('combobox', { name: 'Search products' }).boundingBox();
    expect(search?.y ?? 0).toBeGreaterThan(logoBox.y + logoBox.height);
    const headerBox = await header.boundingBox();
    // Two rows of 44 px controls and their spacing; four rows measured 217 px.
    expect(headerBox?.height ?? 1000).toBeLessThanOrEqual(120);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    // It stays at the top of the screen, with its badges, down a long page.
    await scrollPastHero(page);
    await expect(header.getByRole('link', { name: 'Cart' })).toBeInViewport({ ratio: 1 });
    expect((await header.boundingBox())?.y).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 0));

    // The account menu still opens and fits on screen from its icon.
    await header.getByRole('button', { name: 'Account menu for Mei' }).click();
    await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeInViewport({ ratio: 1 });
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
  });

  test('the notifications panel opens whole on screen and closes with Escape', async ({ page }) => {
    const errors = watchForErrors(page);
    await openHydrated(page, '/');
    await registerShopper(page.request, { verified: false });
    await openHydrated(page, '/category/audio');

    const button = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const panel = page.locator(`#${await button.getAttribute('aria-controls')}`);
    await expect(panel).toBeInViewport({ ratio: 1 });
    const box = await panel.boundingBox();
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? PHONE.width + 1)).toBeLessThanOrEqual(PHONE.width);
    await expect(panel.getByText('Notifications', { exact: true })).toBeInViewport({ ratio: 1 });
    await expect(panel.getByText('You have no notifications yet.')).toBeInViewport({ ratio: 1 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(button).toBeFocused();
    expect(errors).toEqual([]);
  });

  test('the popup keeps out of the first view, and once closed stays closed in another tab', async ({
    page,
    context,
  }) => {
    const errors = watchForErrors(page);
    await openHomeAndSettle(page);
    const popup = page.getByRole('dialog');
    await expect(popup).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
    await expect(page.getByLabel('Link to an item on a marketplace abroad')).toBeInViewport({ ratio: 1 });

    await scrollPastHero(page);
    await expect(popup).toBeVisible();
    const box = await popup.boundingBox();
    expect(box?.height ?? PHONE.height).toBeLessThan(PHONE.height / 3);
    expect(box?.y ?? 0).toBeGreaterThan(PHONE.height / 2);
    await expect(popup.getByRole('img')).toBeHidden();
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect(popup).toBeHidden();

    const secondTab = await context.newPage();
    await openHomeAndSettle(secondTab);
    await scrollPastHero(secondTab);
    await secondTab.waitForTimeout(1500);
    await expect(secondTab.getByRole('dialog')).toBeHidden();

    await openHomeAndSettle(page);
    await scrollPastHero(page);
    await page.waitForTimeout(1500);
    await expect(popup).toBeHidden();
    expect(errors).toEqual([]);
  });

  test('a listing does not move as its scripts take over', async ({ browser, baseURL }) => {
    const firstPictureTop = async (javaScriptEnabled: boolean) => {
      const context = await browser.newContext({ baseURL, viewport: PHONE, javaScriptEnabled });
      const page = await context.newPage();
      if (javaScriptEnabled) await openHydrated(page, '/search?q=headphones');
      else await page.goto('/search?q=headphones');
      const top = (await page.getByRole('main').getByRole('img').first().boundingBox())?.y;
      await context.close();
      return top;
    };
    const before = await firstPictureTop(false);
    expect(before).toBeDefined();
    expect(await firstPictureTop(true)).toBe(before);
  });

  test("the popup's Find out more leads to the page its words promise", async ({ page }) => {
    await openHomeAndSettle(page);
    await scrollPastHero(page);
    const popup = page.getByRole('dialog');
    await expect(popup).toContainText('Japan Week');
    await popup.getByRole('link', { name: 'Find out more' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Japan Week' })).toBeVisible();
    await expect(popup).toBeHidden();
  });
});
