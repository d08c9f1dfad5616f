import { afterEach, describe, expect, it } from 'vitest';
import { createUserWithPassword } from './helpers/accounts.js';
import { lastMailTo } from './helpers/browser.js';
import { createTestApp, type TestApp, withXsrf } from './helpers/test-app.js';

// Links in mail lead where the shopper can open them: the store's configured address, or in development
// without one, the address the store was opened at.
describe('the address links in mail point to', () => {
  let harness: TestApp | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  async function resetLinkFor(env: NodeJS.ProcessEnv, host: string): Promise<string | undefined> {
    harness = await createTestApp({ env });
    const { app } = harness;
    const user = await createUserWithPassword(app);
    const xsrf = await withXsrf(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/forgotPassword',
      headers: { host, cookie: xsrf.cookie, ...xsrf.header },
      payload: { email: user.email },
    });
    expect(response.statusCode).toBe(200);
    return /(https?:\/\/\S+)/.exec((await lastMailTo(app, user.email))?.text ?? '')?.[1];
  }

  it('is the address the store was opened at, in development without PUBLIC_URL', async () => {
    const link = await resetLinkFor({ NODE_ENV: 'development' }, '192.168.1.20:3000');
    expect(link).toMatch(/^http:\/\/192\.168\.1\.20:3000\/reset_password\?uid=/);
  });

  it('is PUBLIC_URL when it is set, whatever the Host', async () => {
    const link = await resetLinkFor(
      { NODE_ENV: 'development', PUBLIC_URL: 'https://shop.example' },
      '192.168.1.20:3000',
    );
    expect(link).toMatch(/^https:\/\/shop\.example\/reset_password\?uid=/);
  });

  it('never follows the Host in production', async () => {
    const link = await resetLinkFor({ NODE_ENV: 'production' }, 'attacker.example');
    expect(link).toMatch(/^http:\/\/localhost:3000\/reset_password\?uid=/);
  });
});
