import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { placeOrder } from './order-steps';
import { horizontalOverflow, openHydrated, watchForErrors } from './page-helpers';
import { operatorDesk, registerShopper, signInAsStaff } from './shoppers';

// What an event is stored as, which a shopper must never read: keys, codes, amounts in minor units.
const INTERNAL_WORDS = [
  'amountMinor',
  'method:',
  'currency:',
  'reference:',
  'result',
  'marked_paid',
  'paynow',
];

// Where the journey leaves pictures of the screens it passes, to be looked at as a shopper would.
const SHOTS = process.env.E2E_SHOTS_DIR ?? '/tmp/shots-words';

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Pictures of the page at a desktop's and a phone's size; on the phone nothing may scroll sideways. */
async function photograph(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/${name}-${size.name}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('order words and notifications', () => {
  test('a shopper pays, reads the timeline in sentences, opens every notification and marks them all read', async ({
    page,
    baseURL,
    browser,
  }) => {
    // A shopper and the store, with pictures of three screens at two sizes.
    test.slow();
    const errors = watchForErrors(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await openHydrated(page, '/');
    await registerShopper(page.request, { verified: true });
    const placed = await placeOrder(page);
    const { order } = await (await page.request.get(`/api/order/${placed.id}`)).json();
    expect(order.paymentMethod).toBe('paynow');
    const amount = `S$${(order.total.amountMinor / 100).toFixed(2)}`;

    await openHydrated(page, `/orders/${order.id}`);
    const timeline = page.getByRole('list', { name: 'Timeline, oldest first' });
    await expect(timeline.getByText('You placed the order. It waits for your payment.')).toBeVisible();
    await page.getByRole('button', { name: 'I have paid' }).click();
    await expect(
      timeline.getByText('You said the PayNow transfer is made; the store will confirm it.', { exact: true }),
    ).toBeVisible();

    // The transfer arrives and the store confirms it; the open page hears of it.
    const desk = await operatorDesk(baseURL ?? '');
    await desk.confirmPaynow(order.id);
    await desk.dispose();
    await expect(
      timeline.getByText(`Paid ${amount} by PayNow; the store confirmed the transfer.`, { exact: true }),
    ).toBeVisible();
    const said = await timeline.innerText();
    for (const word of INTERNAL_WORDS) expect(said).not.toContain(word);
    expect(said).not.toContain(String(order.total.amountMinor));
    await timeline.scrollIntoViewIfNeeded();
    await photograph(page, 'order-timeline');

    // The store's view of the same timeline speaks of the shopper, in the same plain words.
    const store = await browser.newPage();
    const storeErrors = watchForErrors(store);
    await openHydrated(store, '/');
    await signInAsStaff(store.request);
    await openHydrated(store, `/admin/orders/${order.id}`);
    const storeTimeline = store.getByRole('list', { name: 'Timeline, oldest first' });
    await expect(
      storeTimeline.getByText(
        'The shopper said the PayNow transfer is made; the store confirms it once it arrives.',
        {
          exact: true,
        },
      ),
    ).toBeVisible();
    await expect(
      storeTimeline.getByText(`Paid ${amount} by PayNow; the store confirmed the transfer.`, { exact: true }),
    ).toBeVisible();
    const storeSaid = await storeTimeline.innerText();
    for (const word of INTERNAL_WORDS) expect(storeSaid).not.toContain(word);
    await storeTimeline.scrollIntoViewIfNeeded();
    await photograph(store, 'store-order-timeline');
    await store.close();
    expect(storeErrors).toEqual([]);

    // The bell counts both updates of the order and says so in words, then leads to all of them.
    const bell = page.getByRole('button', { name: 'Notifications 2 unread' });
    await expect(bell).toBeVisible();
    await bell.click();
    const latest = page.getByRole('link', {
      name: new RegExp(`^Order ${order.orderRef} is paid \\(unread\\)`),
    });
    await expect(latest).toContainText('Latest of 2 updates');
    await expect(latest).not.toContainText('(2)');
    await photograph(page, 'bell');
    await page.getByRole('link', { name: 'See all notifications' }).click();

    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Notifications, newest first' });
    const paid = list.getByRole('link', { name: new RegExp(`^Order ${order.orderRef} is paid`) });
    await expect(paid).toContainText(`Paid ${amount} by PayNow; the store confirmed the transfer.`);
    await expect(
      list.getByRole('link', { name: new RegExp(`^Order ${order.orderRef} placed`) }),
    ).toBeVisible();
    const listed = await list.innerText();
    for (const word of INTERNAL_WORDS) expect(listed).not.toContain(word);
    await photograph(page, 'notifications');

    // From the keyboard: the button is reached and pressed without a pointer.
    const markAll = page.getByRole('button', { name: 'Mark all as read' });
    await markAll.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Marked 2 notifications read.' })).toBeVisible();
    await expect(page.getByTestId('notifications-badge')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    await expect(list.getByText('(unread)')).toHaveCount(0);
    await photograph(page, 'notifications-read');

    await openHydrated(page, '/notifications');
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a new shopper finds an empty notifications page that says so', async ({ page }) => {
    const errors = watchForErrors(page);
    await openHydrated(page, '/');
    await registerShopper(page.request, { verified: true });
    await openHydrated(page, '/notifications');
    await expect(page.getByText('You have no notifications yet', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mark all as read' })).toHaveCount(0);
    await photograph(page, 'notifications-empty');
    expect(errors).toEqual([]);
  });
});
