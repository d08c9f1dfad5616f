import { type APIRequestContext, expect, request, test } from '@playwright/test';
import { generate } from 'otplib';
import { verificationCodeFor } from './mailbox';

/** The operator account the store creates at start (ADMIN_EMAIL, ADMIN_PASSWORD in playwright.config.ts). */
export const LOCAL_ADMIN = { email: 'operator@example.com', password: 'Operator-pass-1' };

export const SHOPPER_PASSWORD = 'Shopper-pass-1';

/** A fresh address per account, so runs and tests never meet each other's accounts. */
export function newEmail(name: string): string {
  return `${name}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export async function xsrfHeader(context: APIRequestContext): Promise<Record<string, string>> {
  await context.get('/api/ping');
  const token = (await context.storageState()).cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value;
  return { 'x-xsrf-token': token ?? '' };
}

/**
 * A forwarding header naming a client on a network of its own: a random /64 of the documentation
 * prefix 2001:db8::/32. The journeys' stores trust it from loopback (TRUST_PROXY in
 * playwright.config.ts), as a store trusts its proxy, so each new shopper arrives from their own network
 * and the per-address limits (ten registrations an hour) meet the journeys as they meet real shoppers.
 */
export function ownNetworkHeader(): Record<string, string> {
  const group = () => Math.floor(Math.random() * 0x10000).toString(16);
  return { 'x-forwarded-for': `2001:db8:${group()}:${group()}::1` };
}

/**
 * An account made through the API as the registration page makes it, with its email verified from the
 * mail the store sent; `context` is then signed in as it.
 */
export async function registerShopper(
  context: APIRequestContext,
  { verified, email = newEmail('shopper') }: { verified: boolean; email?: string },
): Promise<{ email: string; password: string }> {
  const registered = await context.post('/api/auth/register', {
    headers: { ...(await xsrfHeader(context)), ...ownNetworkHeader() },
    data: {
      email,
      password: SHOPPER_PASSWORD,
      firstName: 'Mei',
      lastName: 'Tan',
      phoneNumber: '+6581234567',
      country: 'SG',
      birthDate: '1990-05-17',
      gender: 'female',
      acceptTerms: true,
    },
  });
  expect(registered.status()).toBe(201);
  if (verified) {
    const code = await verificationCodeFor(email);
    const verifiedAnswer = await context.post('/api/auth/verifyEmail', {
      headers: await xsrfHeader(context),
      data: { code },
    });
    expect(verifiedAnswer.ok()).toBe(true);
  }
  return { email, password: SHOPPER_PASSWORD };
}

/** Signs `context` in (a page's `page.request` signs its browser in too). */
export async function signInAs(context: APIRequestContext, account: { email: string; password: string }) {
  const signedIn = await context.post('/api/auth/login', {
    headers: await xsrfHeader(context),
    data: { ...account, rememberme: false },
  });
  expect(signedIn.ok(), await signedIn.text()).toBe(true);
}

/** The store's operator, signed in on a context of its own, calling the quotation desk. */
export async function operatorDesk(baseURL: string) {
  const context = await request.newContext({ baseURL });
  await signInAsStaff(context);
  return {
    async resolve(id: string, basePrice: { amountMinor: number; currency: string }) {
      const answer = await context.post(`/api/admin/quotation_items/${id}/resolve`, {
        headers: await xsrfHeader(context),
        data: { basePrice },
      });
      expect(answer.ok(), await answer.text()).toBe(true);
    },
    /** The account may no longer sign in or use its sessions. */
    async blacklist(userId: string) {
      const answer = await context.post(`/api/admin/users/${userId}/blacklist`, {
        headers: await xsrfHeader(context),
      });
      expect(answer.ok(), await answer.text()).toBe(true);
    },
    /** The PayNow transfer for the order has arrived. */
    async confirmPaynow(orderId: string) {
      const answer = await context.post(`/api/admin/orders/${orderId}/confirm_paynow`, {
        headers: await xsrfHeader(context),
      });
      expect(answer.ok(), await answer.text()).toBe(true);
    },
    async pendingIds(): Promise<string[]> {
      const answer = await context.get('/api/admin/quotation_items?limit=100');
      expect(answer.ok()).toBe(true);
      return ((await answer.json()).items as { id: string }[]).map((item) => item.id);
    },
    dispose: () => context.dispose(),
  };
}

/** The environment variable through which e2e/staff-two-factor.ts hands the admin's seeds to the journeys. */
export const STAFF_TFA_SECRETS = 'E2E_STAFF_TFA_SECRETS';

const TOTP_STEP_MS = 30_000;

function stepAt(time: number): number {
  return Math.floor(time / TOTP_STEP_MS);
}

/**
 * Sends the code an authenticator shows for time step `step`, from a network of its own so the per-address
 * limit on wrong codes counts no journey's guesses against another's; whether the store took it.
 */
export async function passTwoFactor(context: APIRequestContext, secret: string, step: number) {
  const token = await generate({ secret, epoch: (step * TOTP_STEP_MS) / 1000 });
  const answer = await context.post('/api/tfa/verify', {
    headers: { ...(await xsrfHeader(context)), ...ownNetworkHeader() },
    data: { token },
  });
  return answer.ok();
}

/** The newest time step this worker's admin sign-ins have used, per store. */
const stepsUsed = new Map<string, number>();

/**
 * Signs `context` in as the store's admin and passes two-factor, ready for the back office. The store takes
 * each step's code once and accepts the neighbouring steps' too, so a sign-in right after another uses
 * those; when all three are spent (by this worker or another) it waits for the next step, and the journey
 * is given that time.
 */
export async function signInAsStaff(context: APIRequestContext) {
  await signInAs(context, LOCAL_ADMIN);
  const origin = new URL((await context.get('/api/ping')).url()).origin;
  const secret = (JSON.parse(process.env[STAFF_TFA_SECRETS] ?? '{}') as Record<string, string>)[origin];
  if (!secret)
    throw new Error(
      `no two-factor seed for the admin of ${origin}: is e2e/staff-two-factor.ts a global setup?`,
    );
  const used = stepsUsed.get(origin) ?? Number.NEGATIVE_INFINITY;
  const now = stepAt(Date.now());
  for (const step of [now - 1, now, now + 1].filter((candidate) => candidate > used)) {
    if (await passTwoFactor(context, secret, step)) {
      stepsUsed.set(origin, step);
      return;
    }
  }
  const waitMs = TOTP_STEP_MS - (Date.now() % TOTP_STEP_MS) + 100;
  test.info().setTimeout(test.info().timeout + waitMs);
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  const next = stepAt(Date.now()) + 1;
  expect(await passTwoFactor(context, secret, next), 'the admin passes two-factor').toBe(true);
  stepsUsed.set(origin, next);
}
