import { expect, type Page, test } from '@playwright/test';
import { openHydrated, watchForErrors } from './page-helpers';

// Decision 0052: a page's scripts are asked for only after it has loaded and painted, or as soon as the
// shopper interacts, or at the latest after a few seconds.

/** When the page painted first, when it loaded, and when each of its scripts was asked for. */
function pageTimings(page: Page) {
  return page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const firstPaint = performance.getEntriesByName('first-contentful-paint')[0]?.startTime;
    const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => entry.startTime);
    return { firstPaint, load: navigation?.loadEventStart, scripts };
  });
}

/** Holds back the page's pictures, so that its load event does not come until they are let go. */
async function holdPictures(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/images/**', async (route) => {
    await released;
    await route.continue().catch(() => {});
  });
  return () => release();
}

/** A page whose load waits for a picture: a listing fetches its first product's eagerly. */
const WITH_EAGER_PICTURE = '/search?q=headphones';

/** The addresses of the modules the start-up script has asked the browser to preload. */
const modulePreloads = (page: Page) =>
  page
    .locator('head link[rel=modulepreload]')
    .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));

const currentUserRequested = (page: Page) =>
  page.waitForRequest((request) => new URL(request.url()).pathname === '/api/auth/me');

test.describe('page start', () => {
  for (const path of ['/', '/search?q=headphones', '/sign_in']) {
    test(`${path} asks for no script before it has loaded and painted, then hydrates`, async ({ page }) => {
      const errors = watchForErrors(page);
      await openHydrated(page, path);
      const { firstPaint, load, scripts } = await pageTimings(page);
      expect(firstPaint).toBeGreaterThan(0);
      expect(scripts.length).toBeGreaterThan(0);
      expect(Math.min(...scripts)).toBeGreaterThanOrEqual(Math.max(firstPaint ?? 0, load ?? 0));
      expect(await page.locator('head link[rel=modulepreload]').count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    });
  }

  test('a key pressed before the page has loaded starts its scripts at once', async ({ page }) => {
    const errors = watchForErrors(page);
    const releasePictures = await holdPictures(page);
    await page.goto(WITH_EAGER_PICTURE, { waitUntil: 'domcontentloaded' });
    await page.waitForTimeout(300);
    expect((await pageTimings(page)).scripts).toEqual([]);

    const hydrated = currentUserRequested(page);
    await page.keyboard.press('Tab');
    await hydrated;
    expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
    releasePictures();
    expect(errors).toEqual([]);
  });

  test('a page whose pictures never finish loading still starts within seconds', async ({ page }) => {
    const releasePictures = await holdPictures(page);
    const startedAt = Date.now();
    const hydrated = currentUserRequested(page);
    await page.goto(WITH_EAGER_PICTURE, { waitUntil: 'domcontentloaded' });
    await hydrated;
    expect(Date.now() - startedAt).toBeLessThan(15_000);
    expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
    releasePictures();
  });

  // Decision 0054: the home page's largest paint is its heading, and none of its pictures is fetched eagerly.
  test('the home page loads and starts without waiting for its pictures', async ({ page }) => {
    const errors = watchForErrors(page);
    const releasePictures = await holdPictures(page);
    const hydrated = currentUserRequested(page);
    await page.goto('/');
    expect(await page.evaluate(() => document.readyState)).toBe('complete');
    expect(await page.locator('head link[rel=preload][as=image]').count()).toBe(0);
    await hydrated;
    releasePictures();
    expect(errors).toEqual([]);
  });

  test('the home page leaves sections far below the first screen unrendered until they come near', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openHydrated(page, '/');
    const directory = page.getByRole('heading', { level: 2, name: 'Shop by category' });
    // Still there for assistive technology and find-in-page, but not yet styled, laid out or painted.
    await expect(directory).toHaveCount(1);
    const rendered = () =>
      directory.evaluate((heading) => heading.checkVisibility({ contentVisibilityAuto: true }));
    expect(await rendered()).toBe(false);
    await directory.scrollIntoViewIfNeeded();
    await expect.poll(rendered).toBe(true);
  });

  // Decision 0053: what runs as the page hydrates is compiled as it arrives, and nothing else is.
  test('React DOM, React Router and the entry ask to be compiled as they arrive', async ({ page }) => {
    await openHydrated(page, '/');
    const modules = await modulePreloads(page);
    const hinted: string[] = [];
    for (const url of modules) {
      const source = await (await page.request.get(url)).text();
      if (source.startsWith('//# allFunctionsCalledOnLoad\n')) hinted.push(new URL(url).pathname);
    }
    expect(hinted).toHaveLength(3);
    expect(hinted).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\/assets\/react-dom-/),
        expect.stringMatching(/^\/assets\/react-router-/),
        expect.stringMatching(/^\/assets\/entry\.client-/),
      ]),
    );
    expect(modules.some((url) => /\/assets\/home-/.test(url))).toBe(true);
  });

  // Decision 0055: what every page runs comes in the same few files, not cut into dozens.
  test('every page starts from the same shell, library and framework files', async ({ page }) => {
    const sharedFiles = async (path: string) => {
      await openHydrated(page, path);
      const modules = (await modulePreloads(page)).map((url) => new URL(url).pathname);
      return {
        modules,
        shared: modules.filter((url) => /^\/assets\/(shell|libraries|react-dom|react-router)-/.test(url)),
      };
    };
    const home = await sharedFiles('/');
    const signIn = await sharedFiles('/sign_in');
    expect(home.shared).toHaveLength(4);
    expect(signIn.shared.sort()).toEqual(home.shared.sort());
    // The home page's own modules are a handful beside them (it was about 40 files in all).
    expect(home.modules.length).toBeLessThanOrEqual(20);
  });

  test("the page's icon is a raster image, not a drawing the page lays out itself", async ({ page }) => {
    await page.goto('/');
    const icon = page.locator('head link[rel=icon]');
    await expect(icon).toHaveAttribute('type', 'image/png');
    const response = await page.request.get((await icon.getAttribute('href')) ?? '');
    expect(response.headers()['content-type']).toBe('image/png');
    await expect(page.locator('head link[rel=apple-touch-icon]')).toHaveAttribute(
      'href',
      '/apple-touch-icon.png',
    );
  });
});
