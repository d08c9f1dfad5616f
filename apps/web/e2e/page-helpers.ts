import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * The page's serious and critical accessibility violations by axe-core, as "rule: target" lines. axe is
 * evaluated through the browser's debugging channel, which the store's content policy does not govern.
 */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: () => Promise<AxeResults> } }).axe;
    type AxeResults = { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
    const { violations } = await axe.run();
    return violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
  });
}
