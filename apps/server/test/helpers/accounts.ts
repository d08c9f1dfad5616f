import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../src/lib/passwords.js';
import { TestBrowser, totpCode } from './browser.js';
import { createUser } from './test-app.js';

export const PASSWORD = 'Secret-123';

let ipCounter = 0;

/** A distinct client address, so per-address limits of one test never touch another's. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

let passwordHash: Promise<string> | undefined;

/** A user who can sign in with {@link PASSWORD}; the hash is computed once per test file. */
export async function createUserWithPassword(
  app: FastifyInstance,
  overrides: Parameters<typeof createUser>[1] = {},
) {
  passwordHash ??= hashPassword(PASSWORD);
  return createUser(app, { passwordHash: await passwordHash, ...overrides });
}

/** A browser from a fresh address, signed in through POST /auth/login. */
export async function browserSignedInAs(app: FastifyInstance, email: string, rememberme = false) {
  const browser = await TestBrowser.open(app, nextIp());
  const response = await browser.post('/api/auth/login', { email, password: PASSWORD, rememberme });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return browser;
}

export function registration(overrides: Record<string, unknown> = {}) {
  return {
    email: `new-${Math.random().toString(36).slice(2, 10)}@example.com`,
    password: PASSWORD,
    firstName: 'Ada',
    lastName: 'Lovelace',
    phoneNumber: '+65 8123 4567',
    country: 'SG',
    birthDate: '1990-12-10',
    gender: 'female',
    acceptTerms: true,
    ...overrides,
  };
}

/**
 * A member of staff's browser as the back office sees one: signed in with the password, two-factor set up
 * and this session's code passed, as the back-office calls require.
 */
export async function staffBrowserSignedIn(app: FastifyInstance, role: 'operator' | 'admin' = 'operator') {
  const staff = await createUserWithPassword(app, { role });
  const browser = await browserSignedInAs(app, staff.email);
  const setup = await browser.post('/api/tfa/setup');
  const verified = await browser.post('/api/tfa/verify', { token: await totpCode(setup.json().secret) });
  if (verified.statusCode !== 200) throw new Error(`two-factor setup failed: ${verified.body}`);
  return { staff, browser };
}
