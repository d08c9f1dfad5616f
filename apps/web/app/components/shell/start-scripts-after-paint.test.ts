import { afterEach, describe, expect, it, vi } from 'vitest';
import source from './start-scripts-after-paint.js?raw';

// The markup React renders for React Router's <Scripts/> inside the inert <noscript> (deferred-scripts.tsx):
// attribute values HTML-escaped, script text as written.
const HELD = [
  '<link rel="modulepreload" href="/assets/entry.client-a.js" nonce="n0nce"/>',
  '<link rel="modulepreload" href="/assets/react-dom-b.js" nonce="n0nce"/>',
  '<link rel="modulepreload" href="/assets/route-c.js?v=1&amp;lang=en" nonce="n0nce"/>',
  '<script nonce="n0nce">window.__reactRouterContext = {};</script>',
  '<script type="module" async="" nonce="n0nce">import "/assets/first-d.js";\nimport("/assets/entry.client-a.js");</script>',
  '<script nonce="n0nce">if (a < b && c) run("</p>");</script>',
].join('');

/** Puts the held markup and the start-up script on the page, and runs the script as a parser would. */
function startPage() {
  const held = document.createElement('noscript');
  held.textContent = HELD;
  const current = document.createElement('script');
  current.nonce = 'n0nce';
  document.body.append(held, current);
  vi.spyOn(document, 'currentScript', 'get').mockReturnValue(current);
  new Function(source)();
  return current;
}

afterEach(() => {
  vi.restoreAllMocks();
  for (const link of document.head.querySelectorAll('link[rel=modulepreload]')) link.remove();
  document.body.replaceChildren();
});

/** Waits for the bootstrap module script that the start-up script appends last. */
async function bootstrapAppended() {
  await vi.waitFor(() => expect(document.body.querySelector('script[type=module]')).not.toBeNull());
  return document.body.querySelector<HTMLScriptElement>('script[type=module]');
}

describe('the page start-up script', () => {
  it('puts the held classic scripts on the page at once and the modules at the first key press', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const current = startPage();
    // Inserted after the start-up script, in their order, where the browser runs them as they go in.
    const inserted = [current.nextElementSibling, current.nextElementSibling?.nextElementSibling].map(
      (element) => element as HTMLScriptElement,
    );
    expect(inserted.map((script) => script.text)).toEqual([
      'window.__reactRouterContext = {};',
      'if (a < b && c) run("</p>");',
    ]);
    expect(inserted.every((script) => script.tagName === 'SCRIPT' && script.nonce === 'n0nce')).toBe(true);
    expect(document.head.querySelector('link[rel=modulepreload]')).toBeNull();
    expect(document.querySelector('script[type=module]')).toBeNull();

    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    const bootstrap = await bootstrapAppended();
    const preloads = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=modulepreload]')];
    expect(preloads.map((link) => link.getAttribute('href'))).toEqual([
      '/assets/entry.client-a.js',
      '/assets/react-dom-b.js',
      '/assets/route-c.js?v=1&lang=en',
    ]);
    expect(preloads.every((link) => link.nonce === 'n0nce')).toBe(true);
    expect(bootstrap?.getAttribute('async')).toBe('');
    expect(bootstrap?.nonce).toBe('n0nce');
    expect(bootstrap?.text).toBe('import "/assets/first-d.js";\nimport("/assets/entry.client-a.js");');
  });

  it('starts at the first touch as well', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    startPage();
    window.dispatchEvent(new Event('touchstart'));
    expect(await bootstrapAppended()).not.toBeNull();
    expect(document.head.querySelectorAll('link[rel=modulepreload]')).toHaveLength(3);
  });
});
