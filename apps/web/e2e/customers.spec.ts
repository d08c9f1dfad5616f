import { expect, test } from '@playwright/test';
import { mailCountTo, mailTextTo } from './mailbox';
import { horizontalOverflow, openHydrated, watchForErrors } from './page-helpers';
import { newEmail, ownNetworkHeader, registerShopper, signInAsStaff } from './shoppers';

const REPLY_SUBJECT = 'Re: your message to Crossbuy';

test.describe('customers and messages', () => {
  test('an operator answers a contact message by mail from the inbox', async ({ page }) => {
    const errors = watchForErrors(page);
    const visitor = newEmail('visitor');
    const name = `Vee ${Date.now().toString(36)}`;
    await page.setExtraHTTPHeaders(ownNetworkHeader());
    await openHydrated(page, '/contact');
    await page.getByLabel('Your name').fill(name);
    await page.getByLabel('Your email').fill(visitor);
    await page.getByLabel('Your message').fill('Do you ship rice cookers to Malaysia?');
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you, your message is sent' })).toBeFocused();

    await signInAsStaff(page.request);
    await openHydrated(page, '/admin');
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Messages' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: /^Messages/ })).toBeVisible();
    await page.getByRole('link', { name: 'Unread', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/messages\?status=unread$/);
    await page.getByRole('link', { name: `Unread: ${name}` }).click();

    await expect(page.getByRole('heading', { level: 1, name: `Message from ${name}` })).toBeVisible();
    await expect(page.getByText('Do you ship rice cookers to Malaysia?')).toBeVisible();
    await expect(page.getByText('Nobody has replied yet.')).toBeVisible();
    const reply = page.getByLabel(`Your reply to ${visitor}`);
    await reply.fill('Yes, we ship to Malaysia within a week.');
    // A double click sends the draft once.
    await page.getByRole('button', { name: 'Send reply' }).dblclick();
    await expect(
      page.getByRole('status').filter({ hasText: `Your reply is on its way to ${visitor}.` }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Replies (1)' })).toBeVisible();
    await expect(reply).toHaveValue('');

    const mail = await mailTextTo(visitor, REPLY_SUBJECT);
    expect(mail).toContain('Yes, we ship to Malaysia within a week.');
    expect(mail).toContain('> Do you ship rice cookers to Malaysia?');
    expect(mailCountTo(visitor, REPLY_SUBJECT)).toBe(1);

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.getByRole('link', { name: 'Back to the messages' }).click();
    await expect(page.getByRole('link', { name: name, exact: true })).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });

  test('an operator finds a shopper by email and blacklists them after being asked; the shopper is refused at once', async ({
    page,
    request,
  }) => {
    const errors = watchForErrors(page);
    const shopper = await registerShopper(request, { verified: true });
    expect((await request.get('/api/auth/me')).status()).toBe(200);

    await signInAsStaff(page.request);
    await openHydrated(page, '/admin/customers');
    await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
    const search = page.getByLabel('Email, name or phone');
    await search.fill(shopper.email.toUpperCase());
    await search.press('Enter');
    await expect(page).toHaveURL(/\/admin\/customers\?q=/);
    const table = page.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table).toContainText(shopper.email);
    await expect(table).toContainText('Active');
    await table.getByRole('link').first().click();

    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
    await expect(page.getByText('Not blacklisted.')).toBeVisible();
    await page.getByRole('button', { name: 'Blacklist this customer' }).click();
    await expect(page.getByRole('alert')).toContainText('Every session of theirs ends at once');
    await expect(page.getByRole('button', { name: 'Keep the account' })).toBeFocused();
    await page.getByRole('button', { name: 'Yes, blacklist them' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'is blacklisted and signed out everywhere' }),
    ).toBeVisible();
    await expect(page.getByTestId('blacklisting')).toContainText('by operator@example.com');
    await expect(page.getByRole('button', { name: 'Lift the blacklisting' })).toBeVisible();

    const refused = await request.get('/api/auth/me');
    expect(refused.status(), await refused.text()).toBe(401);

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.goto('/admin/customers?status=blacklisted');
    await expect(page.getByRole('table')).toContainText(shopper.email);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });
});
