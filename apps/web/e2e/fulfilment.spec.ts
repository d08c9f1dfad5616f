import { expect, type Page, test } from '@playwright/test';
import { mailTextTo } from './mailbox';
import { placeOrder } from './order-steps';
import { horizontalOverflow, openHydrated, watchForErrors } from './page-helpers';
import { operatorDesk, registerShopper, signInAs, signInAsStaff, xsrfHeader } from './shoppers';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** A full-page picture at both sizes, kept with the run's results, and no sideways scrolling on the phone. */
async function pictureAtBothSizes(page: Page, name: string) {
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: test.info().outputPath(`${name}-1280.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  expect(await horizontalOverflow(page)).toBe(0);
  await page.screenshot({ path: test.info().outputPath(`${name}-390.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
}

test.describe('fulfilment', () => {
  test('an operator packs an order from its page and slip, ships two in bulk, and the shopper sees the tracking link', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const shopperErrors = watchForErrors(page);
    await openHydrated(page, '/');
    const account = await registerShopper(request, { verified: true });
    await signInAs(page.request, account);
    const first = await placeOrder(page, {
      message: 'Gift wrap, please',
      notes: 'Leave it with the concierge.',
    });
    const second = await placeOrder(page);
    const desk = await operatorDesk(baseURL ?? '');
    await desk.confirmPaynow(first.id);
    await desk.confirmPaynow(second.id);
    await desk.dispose();

    const store = await browser.newPage({ viewport: DESKTOP });
    const errors = watchForErrors(store);
    await openHydrated(store, '/');
    await signInAsStaff(store.request);

    // The order's page: what to pack, where it goes and what the shopper asked.
    await openHydrated(store, `/admin/orders/${first.id}`);
    const items = store.getByRole('list', { name: 'Items to pack' });
    await expect(items.getByRole('listitem')).toHaveCount(1);
    await expect(items).toContainText('Catalogue item');
    await expect(items).toContainText('Quantity: 1');
    await expect(items).toContainText('Shopper’s message: Gift wrap, please');
    const delivery = store.getByRole('region', { name: 'Delivery address' });
    await expect(delivery).toContainText('1 Orchard Road');
    await expect(delivery).toContainText('SINGAPORE 238801');
    await expect(store.getByRole('region', { name: 'Billing address' })).toContainText(
      'Same as the delivery address',
    );
    await expect(store.getByRole('region', { name: 'Order notes' })).toContainText(
      'Leave it with the concierge.',
    );
    await store.getByRole('button', { name: 'Start processing' }).click();
    await expect(store.getByText('The order is now being prepared.')).toBeVisible();
    await pictureAtBothSizes(store, 'admin-order');

    // Its packing slip, on paper without the site's header, footer or the back office's tabs.
    await store.getByRole('link', { name: 'Print packing slip' }).click();
    await expect(store).toHaveURL(new RegExp(`/admin/orders/packing-slip\\?ids=${first.id}$`));
    const slip = store.getByRole('article', { name: `Packing slip · Order ${first.orderRef}` });
    await expect(slip).toContainText('Gift wrap, please');
    await expect(slip).toContainText('SINGAPORE 238801');
    await expect(store.getByRole('button', { name: 'Print' })).toBeEnabled();
    await pictureAtBothSizes(store, 'packing-slip');
    await store.emulateMedia({ media: 'print' });
    await expect(store.getByRole('navigation', { name: 'Back office' })).toBeHidden();
    await expect(store.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(slip).toBeVisible();
    await store.screenshot({ path: test.info().outputPath('packing-slip-print.png'), fullPage: true });
    const pdf = await store.pdf({ path: test.info().outputPath('packing-slip.pdf'), format: 'A4' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    await store.emulateMedia({ media: 'screen' });

    // The second order is being prepared too; both leave with one carrier, by keyboard.
    const moved = await store.request.post(`/api/admin/orders/${second.id}/status`, {
      headers: await xsrfHeader(store.request),
      data: { to: 'processing' },
    });
    expect(moved.ok(), await moved.text()).toBe(true);
    await openHydrated(store, `/admin/orders?q=${encodeURIComponent(account.email)}`);
    const table = store.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(3);
    await store.getByLabel(`Choose order ${first.orderRef}`).focus();
    await store.keyboard.press('Space');
    await store.getByLabel(`Choose order ${second.orderRef}`).focus();
    await store.keyboard.press('Space');
    await expect(store.getByRole('heading', { name: '2 orders chosen' })).toBeVisible();
    const shipping = store.getByRole('form', { name: 'Mark the chosen orders as shipped' });
    await shipping.getByLabel('Carrier').selectOption('DHL Express');
    await shipping.getByLabel(`Tracking number for ${first.orderRef}`).fill('JD0001');
    await shipping.getByLabel(`Tracking number for ${second.orderRef}`).fill('JD0002');
    await shipping.getByLabel(`Tracking number for ${second.orderRef}`).press('Enter');
    await expect(
      store.getByText('2 orders shipped with DHL Express. Each shopper has been sent their tracking link.'),
    ).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: 'Shipped' })).toHaveCount(2);

    // Both slips print together, after a pick list of what to fetch for them.
    await openHydrated(store, `/admin/orders/packing-slip?ids=${first.id},${second.id}`);
    await expect(store.getByRole('heading', { name: 'Pick list: 2 units for 2 orders' })).toBeVisible();
    await expect(store.getByRole('article')).toHaveCount(2);
    await pictureAtBothSizes(store, 'packing-slips-two');
    expect(errors).toEqual([]);
    await store.close();

    // The shopper's order page and mail name the carrier and link its tracking page.
    await openHydrated(page, `/orders/${first.id}`);
    await expect(page.getByTestId('order-shipment')).toContainText('Shipped with DHL Express.');
    const trackingLink = 'https://www.dhl.com/sg-en/home/tracking.html?tracking-id=JD0001';
    await expect(page.getByRole('link', { name: /JD0001/ })).toHaveAttribute('href', trackingLink);
    const mail = await mailTextTo(account.email, `Your Crossbuy order ${first.orderRef} is on its way`);
    expect(mail).toContain('has shipped with DHL Express');
    expect(mail).toContain(trackingLink);
    expect(shopperErrors).toEqual([]);
  });
});
