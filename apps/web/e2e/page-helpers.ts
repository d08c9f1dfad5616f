import type { Page } from '@playwright/test';

/** Fails the test on any console error or uncaught page error, collected while it runs. */
export function watchForErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
  return errors;
}

/**
 * Opens a page and waits until React has taken it over: the shell asks for the current user only
 * once hydrated, so clicks after this are handled by the client router.
 */
export async function openHydrated(page: Page, path: string) {
  const currentUser = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/me');
  const response = await page.goto(path);
  await currentUser;
  return response;
}

/** How far the page is wider than the window; more than 0 means sideways scrolling on a phone. */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}
