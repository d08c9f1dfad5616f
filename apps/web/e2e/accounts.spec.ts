import { expect, type Page, test } from '@playwright/test';
import { generate } from 'otplib';
import { verificationCodeFor } from './mailbox';
import { horizontalOverflow, openHydrated, watchForErrors } from './page-helpers';
import { newEmail, ownNetworkHeader } from './shoppers';

const PASSWORD = 'Journey-123';
const TOTP_STEP_MS = 30_000;

/** Labels of required fields end with ' *'; this matches a field by its label either way. */
function field(page: Page, label: string) {
  return page.getByLabel(new RegExp(`^${label}( \\*)?$`));
}

async function register(page: Page, email: string) {
  await page.setExtraHTTPHeaders(ownNetworkHeader());
  await openHydrated(page, '/register');
  await field(page, 'First name').fill('Mei');
  await field(page, 'Last name').fill('Tan');
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(PASSWORD);
  await expect(field(page, 'Country')).toHaveValue('SG');
  await field(page, 'Phone number').fill('9123 4567');
  await field(page, 'Date of birth').fill('1990-05-17');
  await field(page, 'Gender').selectOption('female');
  await page.getByLabel(/^I accept the terms and conditions/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/verify_email$/);
}

async function verifyEmail(page: Page, email: string) {
  await page.getByLabel('Verification code').fill(await verificationCodeFor(email));
  await page.getByRole('button', { name: 'Verify email' }).click();
  await expect(page.getByText('Your email address is verified.')).toBeVisible();
}

async function openAccountMenuItem(page: Page, item: string) {
  await page.getByRole('button', { name: 'Account menu for Mei' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

async function signOut(page: Page) {
  await openAccountMenuItem(page, 'Sign out');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
}

async function submitSignIn(page: Page, email: string) {
  await expect(page).toHaveURL(/\/sign_in$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The current TOTP time step; the server accepts each step's code once, and only newer ones after it. */
const timeStep = () => Math.floor(Date.now() / TOTP_STEP_MS);

async function codeAfterStep(secret: string, usedStep: number): Promise<string> {
  while (timeStep() <= usedStep) {
    await new Promise((resolve) => setTimeout(resolve, TOTP_STEP_MS - (Date.now() % TOTP_STEP_MS) + 100));
  }
  return generate({ secret });
}

test.describe('accounts', () => {
  test('register, verify by mail, add addresses, turn on two-factor and sign in with a code', async ({
    page,
  }) => {
    // Up to one TOTP period is spent waiting for a code the server has not seen yet.
    test.setTimeout(120_000);
    const errors = watchForErrors(page);
    const email = newEmail('journey');

    await register(page, email);
    await verifyEmail(page, email);

    await signOut(page);
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
    await submitSignIn(page, email);
    await expect(page).toHaveURL(/\/$/);

    // Addresses: the first one is main; a US address needs its state.
    await openAccountMenuItem(page, 'Addresses');
    await expect(page.getByRole('heading', { level: 1, name: 'Addresses' })).toBeVisible();
    await expect(page.getByText('You have no saved addresses yet.')).toBeVisible();

    await page.getByRole('button', { name: 'Add an address' }).click();
    await expect(field(page, 'Full name')).toHaveValue('Mei Tan');
    await expect(field(page, 'City')).toHaveCount(0);
    await field(page, 'Address').fill('1 Raffles Place');
    await field(page, 'Unit number').fill('#12-34');
    await field(page, 'Postal code').fill('0486');
    await expect(page.getByText('Please enter a valid postal code for the selected country')).toBeVisible();
    await field(page, 'Postal code').fill('048616');
    await expect(page.getByText('Please enter a valid postal code for the selected country')).toHaveCount(0);
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('Address added.')).toBeVisible();

    await page.getByRole('button', { name: 'Add an address' }).click();
    await field(page, 'Country').selectOption('US');
    await field(page, 'Phone number').fill('(415) 555-0123');
    await field(page, 'Address').fill('1 Market St');
    await field(page, 'City').fill('San Francisco');
    await field(page, 'Postal code').fill('94103');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('Please select a valid state for the selected country')).toBeVisible();
    await expect(field(page, 'State')).toBeFocused();
    await field(page, 'State').selectOption('CA');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('Address added.')).toBeVisible();

    const saved = page.getByRole('list', { name: 'Saved addresses' }).getByRole('listitem');
    await expect(saved).toHaveCount(2);
    await expect(saved.nth(0)).toContainText('SINGAPORE 048616');
    await expect(saved.nth(0)).toContainText('Main address');
    await expect(saved.nth(1)).toContainText('San Francisco, California 94103');
    await expect(page.getByText('Main address', { exact: true })).toHaveCount(1);

    // Two-factor: the key shown beside the QR code is what an authenticator app would store.
    await openAccountMenuItem(page, 'Security');
    await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
    await expect(
      page.getByRole('img', { name: 'QR code to scan with your authenticator app' }),
    ).toBeVisible();
    const secret = (await page.getByTestId('tfa-secret').textContent())?.replace(/\s/g, '') ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const enablingStep = timeStep();
    await page.getByLabel('Authentication code').fill(await generate({ secret }));
    await page.getByRole('button', { name: 'Verify and turn on' }).click();
    await expect(page.getByText('Two-factor authentication is now on.', { exact: false })).toBeVisible();

    // Signed out, a visitor asking for the address book signs in, owes the code, and then lands there.
    await signOut(page);
    await page.goto('/account/addresses');
    await submitSignIn(page, email);
    await expect(page).toHaveURL(/\/tfa$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Two-factor authentication' })).toBeVisible();
    await page.getByLabel('Authentication code').fill(await codeAfterStep(secret, enablingStep));
    await page.getByRole('button', { name: 'Verify' }).click();

    await expect(page).toHaveURL(/\/account\/addresses$/);
    await expect(saved).toHaveCount(2);
    const me = await (await page.request.get('/api/auth/me')).json();
    expect(me).toMatchObject({ signedIn: true, tfaPassed: true, profile: { email, tfaEnabled: true } });
    expect(errors).toEqual([]);
  });

  test('a new shopper is told what is missing, finds the terms, learns how long to wait for a code and addresses a Japanese parcel', async ({
    page,
  }) => {
    const errors = watchForErrors(page);
    const email = newEmail('letter');

    await openHydrated(page, '/sign_in');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Please enter your email')).toBeVisible();
    await expect(page.getByText('Please enter your password')).toBeVisible();
    await expect(page.getByText(/incorrect/)).toHaveCount(0);
    await expect(page.getByLabel('Email')).toBeFocused();

    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeVisible();

    await openHydrated(page, '/register');
    const [terms] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: /^terms and conditions/ }).click(),
    ]);
    await expect(terms.getByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeVisible();
    await terms.close();

    await register(page, email);
    await page.getByRole('button', { name: 'Send a new code' }).click();
    const wait = page.getByRole('alert');
    await expect(wait).toContainText('before requesting another verification code.');
    await expect(wait.locator('[aria-hidden="true"]')).toHaveText(/^\d+ seconds?$/);
    await expect(page.getByRole('button', { name: 'Send a new code' })).toBeDisabled();

    await openHydrated(page, '/account/addresses');
    await page.getByRole('button', { name: 'Add an address' }).click();
    await field(page, 'Country').selectOption('JP');
    await field(page, 'Phone number').fill('03-1234-5678');
    await field(page, 'Address').fill('Marunouchi 1-1-1');
    await field(page, 'City / ward').fill('Chiyoda-ku');
    await field(page, 'Prefecture').selectOption({ label: 'Tokyo' });
    await field(page, 'Postal code').fill('100-0005');
    await page.getByRole('button', { name: 'Save address' }).click();
    await expect(page.getByText('Address added.')).toBeVisible();
    const card = page.getByRole('list', { name: 'Saved addresses' }).getByRole('listitem').first();
    await expect(card.locator('address')).toHaveText(
      /^〒100-0005\s*Tokyo Chiyoda-ku\s*Marunouchi 1-1-1\s*Japan/,
    );

    // The one refused request of the journey is the code asked for too soon.
    expect(errors.filter((error) => !error.includes('status of 429'))).toEqual([]);
  });

  test('the account pages fit a phone and the account menu works by keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const errors = watchForErrors(page);
    const email = newEmail('phone');

    for (const path of ['/sign_in', '/register', '/forgot_password']) {
      await openHydrated(page, path);
      expect(await horizontalOverflow(page), path).toBeLessThanOrEqual(0);
    }
    await register(page, email);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    const menuButton = page.getByRole('button', { name: 'Account menu for Mei' });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Your profile' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Addresses' })).toBeFocused();
    await expect(page.getByRole('menu')).toBeInViewport({ ratio: 1 });
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/account\/addresses$/);

    await page.getByRole('button', { name: 'Add an address' }).click();
    await field(page, 'Country').selectOption('AU');
    await expect(field(page, 'Suburb')).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    for (const path of ['/account', '/account/security']) {
      await openHydrated(page, path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await horizontalOverflow(page), path).toBeLessThanOrEqual(0);
    }
    expect(errors).toEqual([]);
  });

  test('a shopper who left an account open on another computer signs it out from their phone', async ({
    browser,
  }) => {
    const email = newEmail('lost-laptop');
    const laptop = await browser.newContext();
    const laptopPage = await laptop.newPage();
    await register(laptopPage, email);
    await openHydrated(laptopPage, '/account');

    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phonePage = await phone.newPage();
    const errors = watchForErrors(phonePage);
    await phonePage.setExtraHTTPHeaders(ownNetworkHeader());
    await openHydrated(phonePage, '/sign_in');
    await phonePage.getByLabel('Email').fill(email);
    await phonePage.getByLabel('Password').fill(PASSWORD);
    await phonePage.getByRole('button', { name: 'Sign in' }).click();
    await expect(phonePage.getByRole('button', { name: 'Account menu for Mei' })).toBeVisible();
    await openHydrated(phonePage, '/account/security');
    await phonePage.getByRole('button', { name: 'Sign out on all other devices' }).click();
    await expect(phonePage.getByRole('status').filter({ hasText: 'other device' })).toHaveText(
      'You have been signed out on 1 other device.',
    );
    expect(await horizontalOverflow(phonePage)).toBe(0);

    // The laptop's next page finds it signed out, and the phone is still signed in.
    await laptopPage.reload();
    await expect(laptopPage).toHaveURL(/\/sign_in/);
    await openHydrated(phonePage, '/account');
    await expect(phonePage.getByRole('button', { name: 'Account menu for Mei' })).toBeVisible();
    expect(errors).toEqual([]);
    await laptop.close();
    await phone.close();
  });

  test('a returning remembered shopper whose access token expired is shown signed in by the first HTML', async ({
    page,
    context,
  }) => {
    const errors = watchForErrors(page);
    const email = newEmail('returning');
    await register(page, email);
    await signOut(page);
    await openHydrated(page, '/sign_in');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Remember me').check();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('button', { name: 'Account menu for Mei' })).toBeVisible();

    // The access cookie lives as long as its token: an expired one is simply gone. The page is left
    // first, so no call of the open page meets the missing cookie.
    const expireAccessToken = async () => {
      await page.goto('about:blank');
      await context.clearCookies({ name: 'access_token' });
    };
    await expireAccessToken();
    const response = await openHydrated(page, '/');
    const html = (await response?.text()) ?? '';
    expect(html).toMatch(/Account menu for <\/span><span[^>]*>Mei</);
    expect(html).not.toMatch(/>Sign in<\/a>/);
    await expect(page.getByRole('button', { name: 'Account menu for Mei' })).toBeVisible();

    // Two tabs loading at once present the same refresh token; neither signs the shopper out.
    await expireAccessToken();
    const otherTab = await context.newPage();
    const otherErrors = watchForErrors(otherTab);
    const pages = await Promise.all([page.goto('/'), otherTab.goto('/')]);
    for (const tab of pages) expect(await tab?.text()).toMatch(/Account menu for <\/span><span[^>]*>Mei</);
    await expect(otherTab.getByRole('button', { name: 'Account menu for Mei' })).toBeVisible();
    await otherTab.close();
    expect(otherErrors).toEqual([]);
    await expireAccessToken();
    const later = await page.goto('/');
    expect(await later?.text()).toMatch(/Account menu for <\/span><span[^>]*>Mei</);
    expect(errors).toEqual([]);
  });
});
