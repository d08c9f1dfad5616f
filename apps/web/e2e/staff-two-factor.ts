import { type FullConfig, request } from '@playwright/test';
import { LOCAL_ADMIN, passTwoFactor, STAFF_TFA_SECRETS, signInAs, xsrfHeader } from './shoppers';

/**
 * Playwright global setup: the back office needs two-factor on, so the store's admin sets it up on each
 * journey store once, as they would with an authenticator app, before any journey signs them in. The seeds
 * reach the journeys' workers through the environment, keyed by the store's origin.
 */
export default async function setUpStaffTwoFactor(config: FullConfig): Promise<void> {
  const origins = new Set(
    config.projects.flatMap(({ use }) => (use.baseURL ? [new URL(use.baseURL).origin] : [])),
  );
  const secrets: Record<string, string> = {};
  for (const origin of origins) {
    const context = await request.newContext({ baseURL: origin });
    try {
      await signInAs(context, LOCAL_ADMIN);
      const setup = await context.post('/api/tfa/setup', { headers: await xsrfHeader(context) });
      if (!setup.ok()) throw new Error(`two-factor setup failed on ${origin}: ${await setup.text()}`);
      const { secret } = (await setup.json()) as { secret: string };
      // The previous step's code turns it on, leaving the current step free for the first journey.
      if (!(await passTwoFactor(context, secret, Math.floor(Date.now() / 30_000) - 1)))
        throw new Error(`two-factor did not turn on at ${origin}`);
      secrets[origin] = secret;
    } finally {
      await context.dispose();
    }
  }
  process.env[STAFF_TFA_SECRETS] = JSON.stringify(secrets);
}
