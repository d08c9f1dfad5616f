import { createRequire } from 'node:module';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { placeOrder } from './order-steps';
import { horizontalOverflow, openHydrated, watchForErrors } from './page-helpers';
import { registerShopper, signInAs, signInAsStaff } from './shoppers';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
// Every page is opened fresh from the server, its route's code fetched on first use: on a shared, loaded
// machine that takes longer than the default five seconds.
const expect = baseExpect.configure({ timeout: 30_000 });
const AXE_SCRIPT = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** The back office's pages that need no record; each list's first record's page is visited after it. */
const DESKS = [
  '/admin',
  '/admin/orders',
  '/admin/quotations',
  '/admin/quotations?status=resolved',
  '/admin/messages',
  '/admin/customers',
  '/admin/products',
  '/admin/products/new',
  '/admin/products/categories',
  '/admin/products/merchants',
  '/admin/marketing',
  '/admin/marketing/vouchers',
  '/admin/marketing/vouchers/new',
  '/admin/marketing/banners',
  '/admin/marketing/popups',
  '/admin/marketing/home_groups',
  '/admin/marketing/image_pages',
  '/admin/settings',
  '/admin/settings/rates',
  '/admin/settings/regions',
  '/admin/settings/shipping',
  '/admin/settings/carriers',
  '/admin/staff',
  '/admin/audit_log',
] as const;

/** A record's page linked from a list, by the path its links start with. */
const RECORD_LINKS = [
  '/admin/orders/',
  '/admin/quotations/',
  '/admin/messages/',
  '/admin/customers/',
  '/admin/products/',
  '/admin/marketing/vouchers/',
] as const;

type Violation = { id: string; impact: string | null; help: string; nodes: { target: string[] }[] };

/** axe-core's serious and critical findings on the page as it is now, by the WCAG 2.x A and AA rules. */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SCRIPT });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> };
      }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return result.violations;
  });
  return (violations as Violation[])
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** Opens a back-office page fresh from the server, and waits until it has loaded what it shows. */
async function openDesk(page: Page, path: string) {
  await openHydrated(page, path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

test.describe('the back office', () => {
  test('an operator on a phone opens the menu, reaches the orders and reads an order card’s status and total', async ({
    page,
    request,
    browser,
  }) => {
    test.setTimeout(120_000);
    await openHydrated(page, '/');
    await signInAs(page.request, await registerShopper(request, { verified: true }));
    const order = await placeOrder(page);

    const desk = await browser.newPage({ viewport: PHONE });
    const errors = watchForErrors(desk);
    await openHydrated(desk, '/');
    await signInAsStaff(desk.request);
    await openDesk(desk, '/admin');
    // The storefront's search, wishlist and cart are not the back office's.
    await expect(desk.getByRole('search')).toHaveCount(0);
    await expect(desk.getByRole('link', { name: /^Cart/ })).toHaveCount(0);

    const menu = desk.getByRole('button', { name: 'Menu' });
    await menu.click();
    const drawer = desk.getByRole('dialog', { name: 'Back office menu' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    // Focus stays inside the open menu, however far the keyboard goes.
    for (let press = 0; press < 20; press += 1) {
      await desk.keyboard.press('Tab');
      expect(await drawer.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    }
    await desk.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(menu).toBeFocused();

    await menu.click();
    await drawer.getByRole('link', { name: /^Orders/ }).click();
    await expect(desk.getByRole('heading', { level: 1, name: 'Order desk' })).toBeVisible();
    await expect(drawer).toBeHidden();

    const card = desk.getByRole('row').filter({ hasText: order.orderRef });
    await expect(card).toBeVisible();
    const status = card.getByRole('cell').filter({ hasText: 'Waiting for payment' });
    const total = card.getByRole('cell').filter({ hasText: /\$\d/ });
    for (const fact of [status, total]) {
      await expect(fact).toBeVisible();
      const box = await fact.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    }
    // Each fact is labelled in the card by its column's heading.
    expect(await status.evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe('"Status"');
    expect(await total.evaluate((cell) => getComputedStyle(cell, '::before').content)).toBe('"Total"');
    expect(await horizontalOverflow(desk)).toBe(0);
    await desk.screenshot({ path: test.info().outputPath('orders-phone-390.png'), fullPage: true });
    expect(errors).toEqual([]);
  });

  test.describe(() => {
    // axe-core is added to each page as a script of the test's own, which the store's policy would refuse.
    test.use({ bypassCSP: true });

    test('every back-office page at a desk’s width and a phone’s: no console error and no serious accessibility violation', async ({
      page,
    }) => {
      test.setTimeout(1_200_000);
      const errors = watchForErrors(page);
      await openHydrated(page, '/');
      await signInAsStaff(page.request);

      const records: string[] = [];
      const findings: string[] = [];
      // Each page is loaded once, wide, where a console error or a hydration mismatch shows; the phone's
      // width is the same page narrowed.
      const check = async (path: string) => {
        await page.setViewportSize(DESKTOP);
        await openDesk(page, path);
        for (const viewport of [DESKTOP, PHONE]) {
          await page.setViewportSize(viewport);
          for (const finding of await seriousViolations(page)) {
            findings.push(`${path} at ${viewport.width}: ${finding}`);
            console.log(findings.at(-1));
          }
          if (viewport === PHONE && (await horizontalOverflow(page)) > 0)
            findings.push(`${path} at ${viewport.width}: the page scrolls sideways`);
        }
        console.log(`checked ${path}; console errors so far: ${errors.length}`);
      };

      for (const path of ['/admin', '/admin/orders', '/admin/audit_log']) {
        for (const viewport of [DESKTOP, PHONE]) {
          await page.setViewportSize(viewport);
          await openDesk(page, path);
          const name = path.replaceAll('/', '-').replace(/^-/, '');
          await page.screenshot({
            path: test.info().outputPath(`${name}-${viewport.width}.png`),
            fullPage: true,
          });
        }
      }

      for (const path of DESKS) {
        await check(path);
        for (const prefix of RECORD_LINKS) {
          if (!path.startsWith(prefix.slice(0, -1))) continue;
          const href = await page.locator(`main a[href^="${prefix}"]`).evaluateAll(
            (links, start) =>
              links
                .map((link) => link.getAttribute('href') ?? '')
                // A record's id has digits; the lists also link to their sections (new, categories).
                .find((href) => href.startsWith(start) && /^[^/?]*\d[^/?]*$/.test(href.slice(start.length))),
            prefix,
          );
          if (href && !records.includes(href)) records.push(href);
        }
      }
      for (const path of records) await check(path);
      const anOrder = records.find((path) => path.startsWith('/admin/orders/'));
      if (anOrder) await check(`/admin/orders/packing-slip?ids=${anOrder.split('/').at(-1)}`);

      expect(records.length).toBeGreaterThan(0);
      expect(findings).toEqual([]);
      expect(errors).toEqual([]);
    });
  });
});
