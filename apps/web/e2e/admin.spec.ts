import { expect, test } from '@playwright/test';
import { horizontalOverflow, openHydrated, watchForErrors } from './page-helpers';
import { LOCAL_ADMIN, operatorDesk, registerShopper, signInAsStaff } from './shoppers';

test.describe('back office', () => {
  test('an admin finds a blacklisting in the audit log, narrows it to the account by keyboard, and the shopper is refused', async ({
    page,
    request,
    baseURL,
  }) => {
    const errors = watchForErrors(page);
    await registerShopper(request, { verified: true });
    const me = await (await request.get('/api/auth/me')).json();
    const shopperId: string = me.profile.id;

    const desk = await operatorDesk(baseURL ?? '');
    await desk.blacklist(shopperId);
    await desk.dispose();
    // The blacklisted shopper's next call finds their session ended.
    const refused = await request.get('/api/auth/me');
    expect(refused.status(), await refused.text()).toBe(401);

    await openHydrated(page, '/');
    await signInAsStaff(page.request);
    await openHydrated(page, '/');
    await page.getByRole('button', { name: /^Account menu for / }).click();
    await page.getByRole('menuitem', { name: 'Back office' }).click();
    await page
      .getByRole('navigation', { name: 'Back office' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();

    // Found by what the staff know the shopper by, their email, part of it and in any case.
    const shopperEmail: string = me.profile.email;
    const about = page.getByRole('searchbox', { name: 'Order, person, product or code' });
    await page.getByLabel('Changed').selectOption('user');
    await about.fill(shopperEmail.toUpperCase());
    await about.press('Enter');
    await expect(page).toHaveURL(
      new RegExp(`subjectType=user&about=${encodeURIComponent(shopperEmail.toUpperCase())}$`),
    );
    const table = page.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(2);
    // The account is named as the staff know it, never by its id.
    const row = table.getByRole('row').nth(1);
    await expect(row).toContainText('Blacklisted an account');
    await expect(row).toContainText('Account Mei Tan');
    await expect(row).not.toContainText(shopperId);
    await expect(row).toContainText(LOCAL_ADMIN.email);
    await expect(row).toContainText('blacklistedAt: none →');
    await expect(page.getByRole('link', { name: 'Show everything' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('audit-log-about-desktop.png'), fullPage: true });

    // The entry's link narrows the log to that one account, and says so.
    await row.getByRole('link', { name: 'Mei Tan' }).click();
    await expect(page).toHaveURL(new RegExp(`subjectType=user&subjectId=${shopperId}$`));
    await expect(page.getByText('Showing the changes to one account: Mei Tan.')).toBeVisible();

    await about.fill('no such shopper anywhere');
    await about.press('Enter');
    await expect(
      page.getByText('No change is about anything called “no such shopper anywhere” among accounts.', {
        exact: false,
      }),
    ).toBeVisible();

    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath('audit-log-about-phone.png'), fullPage: true });
    expect(errors).toEqual([]);
  });
});
