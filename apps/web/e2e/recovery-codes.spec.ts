import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import { horizontalOverflow, openHydrated, watchForErrors } from './page-helpers';
import { ownNetworkHeader, registerShopper } from './shoppers';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical accessibility failures axe finds on the page as it stands. */
async function seriousAxeViolations(page: Page): Promise<string[]> {
  // Evaluated rather than added as a script tag, which the page's content security policy would refuse.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const { violations } = await (
      window as unknown as {
        axe: {
          run(): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe.run();
    return violations
      .filter(({ impact }) => impact === 'serious' || impact === 'critical')
      .map(({ id, nodes }) => `${id}: ${nodes.map(({ target }) => target.join(' ')).join(', ')}`);
  });
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu for Mei' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
}

async function signIn(page: Page, account: { email: string; password: string }) {
  await openHydrated(page, '/sign_in');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/tfa$/, { timeout: 20_000 });
}

/** Switches the two-factor prompt to a recovery code by keyboard; the cursor lands in its field. */
async function switchToRecoveryCode(page: Page) {
  await page.getByRole('button', { name: 'Use a recovery code instead' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Recovery code')).toBeFocused();
}

/** Types `code` into the focused recovery code field and sends it with Enter. */
async function enterRecoveryCode(page: Page, code: string) {
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

test.describe('two-factor recovery codes', () => {
  test('set up two-factor, save the codes, sign in with one, see the count drop, and find it used up', async ({
    page,
    context,
  }) => {
    // Three sign-ins, each through the two-factor prompt, on a machine that may be busy.
    test.setTimeout(240_000);
    const errors = watchForErrors(page);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.setExtraHTTPHeaders(ownNetworkHeader());
    const account = await registerShopper(page.request, { verified: true });

    await openHydrated(page, '/account/security');
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    const secret = (await page.getByTestId('tfa-secret').textContent())?.replace(/\s/g, '') ?? '';
    await page.getByLabel('Authentication code').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Verify and turn on' }).click();

    // The codes, shown this once.
    await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
    const shown = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(shown).toHaveCount(10);
    const codes = await shown.allTextContents();
    for (const code of codes) expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/recovery-codes-desktop.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({ path: '/tmp/recovery-codes-phone.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: 'Copy codes' }).click();
    await expect(page.getByText('The codes are copied. Paste them somewhere safe.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(codes.join('\n'));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download as a text file' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('crossbuy-recovery-codes.txt');
    const saved = readFileSync((await download.path()) ?? '', 'utf8');
    expect(saved).toContain(`Crossbuy recovery codes for ${account.email}`);
    expect(saved).toContain(codes.join('\n'));

    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect(page.getByRole('list', { name: 'Recovery codes' })).toHaveCount(0);
    await expect(page.getByTestId('recovery-codes-left')).toHaveText(
      'You have 10 of 10 recovery codes left.',
    );

    // Signed out and back in, a recovery code, typed loosely, passes two-factor.
    await signOut(page);
    await signIn(page, account);
    const [first = '', second = ''] = codes;
    await switchToRecoveryCode(page);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/recovery-prompt-desktop.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({ path: '/tmp/recovery-prompt-phone.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByLabel('Recovery code').focus();
    await enterRecoveryCode(page, first.toLowerCase().replace('-', ' '));
    await expect(page).toHaveURL(/\/$/);

    await openHydrated(page, '/account/security');
    await expect(page.getByTestId('recovery-codes-left')).toHaveText('You have 9 of 10 recovery codes left.');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/recovery-security-desktop.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await horizontalOverflow(page)).toBe(0);
    await page.screenshot({ path: '/tmp/recovery-security-phone.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // The same code a second time is refused; another one still works.
    await signOut(page);
    await signIn(page, account);
    await switchToRecoveryCode(page);
    await enterRecoveryCode(page, first);
    await expect(
      page.getByText('This recovery code is not right, or it has already been used.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/tfa$/);
    // The browser logs the refusal's 400; it is the only error allowed, and only here.
    expect(errors).toEqual([
      'console: Failed to load resource: the server responded with a status of 400 (Bad Request)',
    ]);
    errors.length = 0;
    await page.getByLabel('Recovery code').fill(second);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/$/);

    // New codes, with the password again; the old ones stop working.
    await openHydrated(page, '/account/security');
    await expect(page.getByTestId('recovery-codes-left')).toHaveText('You have 8 of 10 recovery codes left.');
    await page.getByRole('button', { name: 'Make new recovery codes' }).click();
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Make new codes' }).click();
    const freshList = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect(freshList).toHaveCount(10);
    const fresh = await freshList.allTextContents();
    expect(fresh).not.toContain(codes[2]);
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await expect(page.getByTestId('recovery-codes-left')).toHaveText(
      'You have 10 of 10 recovery codes left.',
    );
    expect(errors).toEqual([]);
  });
});
