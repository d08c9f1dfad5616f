import { expect, test } from '@playwright/test';
import { linkMailedTo } from './mailbox';
import { placeOrder } from './order-steps';
import { horizontalOverflow, openHydrated, watchForErrors } from './page-helpers';
import { newEmail, registerShopper, signInAsStaff } from './shoppers';

test.describe('staff', () => {
  test('an admin invites an operator by email, the invitee accepts from the mailed link, and the admin takes the role away', async ({
    page,
    browser,
  }) => {
    const errors = watchForErrors(page);
    const email = newEmail('operator');
    await openHydrated(page, '/');
    await signInAsStaff(page.request);
    await openHydrated(page, '/admin/staff');
    await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send invitation' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `An invitation was mailed to ${email}.` }),
    ).toBeVisible();
    await expect(page.getByRole('table', { name: /Invitations not yet accepted/ })).toContainText(email);

    // The invitee makes an account with the invited address, then opens the mailed link.
    const invitee = await browser.newContext();
    const inviteePage = await invitee.newPage();
    const inviteeErrors = watchForErrors(inviteePage);
    await registerShopper(inviteePage.request, { verified: true, email });
    const link = await linkMailedTo(email, '/staff_invitation');
    await openHydrated(inviteePage, link);
    await expect(inviteePage.getByText(`You are signed in as ${email}.`)).toBeVisible();
    await inviteePage.getByRole('button', { name: 'Accept the invitation' }).click();
    await expect(inviteePage.getByText(/Welcome to the team: you are now an operator/)).toBeVisible();
    await inviteePage.getByRole('button', { name: /^Account menu for / }).click();
    await inviteePage.getByRole('menuitem', { name: 'Back office' }).click();
    await expect(
      inviteePage.getByText('The back office needs two-factor authentication on your account.'),
    ).toBeVisible();

    // The admin sees the new operator and takes the role away, after being asked.
    await page.reload();
    const members = page.getByRole('table', { name: "The store's operators and admins" });
    const row = members.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('Operator');
    await expect(row).toContainText('Not set up');
    await row.getByRole('button', { name: 'Remove from staff' }).click();
    await expect(row.getByRole('alert')).toContainText(`Remove ${email} from the staff?`);
    await row.getByRole('button', { name: 'Yes, remove' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `${email} is no longer on the staff.` }),
    ).toBeVisible();
    await expect(members).not.toContainText(email);

    const refused = await inviteePage.request.get('/api/admin/dashboard');
    expect(refused.status()).toBe(403);

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
    expect(inviteeErrors).toEqual([]);
    await invitee.close();
  });

  test('the dashboard counts an order placed today and draws the last 30 days', async ({ page, browser }) => {
    const errors = watchForErrors(page);
    await openHydrated(page, '/');
    await signInAsStaff(page.request);
    const before = (await (await page.request.get('/api/admin/dashboard')).json()).today.orders as number;

    const shopper = await browser.newContext();
    const shopperPage = await shopper.newPage();
    await registerShopper(shopperPage.request, { verified: true });
    await placeOrder(shopperPage);
    await shopper.close();

    await openHydrated(page, '/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const todays = page.getByRole('link', { name: /Orders placed today/ });
    const shown = Number((await todays.locator('span').first().textContent()) ?? '');
    expect(shown).toBeGreaterThanOrEqual(before + 1);
    await expect(
      page.getByText(/^From \d{2}\/\d{2}\/\d{4} to \d{2}\/\d{2}\/\d{4}: \d+ orders? and/),
    ).toBeVisible();
    await expect(page.locator('.recharts-surface')).toBeVisible();
    await page.getByText('The 30 days as a table').click();
    await expect(
      page.getByRole('table', { name: /Orders and revenue per day/ }).getByRole('row'),
    ).toHaveCount(31);

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });
});
