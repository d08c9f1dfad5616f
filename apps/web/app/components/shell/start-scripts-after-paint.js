// Inlined into every server-rendered page right after the inert copy of React Router's scripts (see
// deferred-scripts.tsx), and run as the page is parsed. It is not bundled: keep it plain, self-contained
// script text (decision 0052).
//
// - The classic inline scripts (the hydration data, which the streamed chunks after it feed) run at once.
// - The app's modules are asked for once the page has loaded and painted, as soon as the shopper presses
//   a key, touches the screen or moves focus, or at the latest a few seconds after the page was parsed:
//   on a slow network they then do not compete with the stylesheet and the largest picture for the
//   first paint.
// - They are then started a few per task and run one per task, dependencies first, before React
//   Router's bootstrap module imports its entry, which hydrates: evaluating the whole graph in one go
//   would hold a phone's main thread for a few hundred milliseconds.
(() => {
  const current = document.currentScript;
  const nonce = current.nonce;

  // The held markup is React's rendering of React Router's <Scripts/>: <link> and <script> elements with
  // quoted attributes. It is read with patterns rather than parsed into elements, which costs a phone
  // tens of milliseconds on this page's first paint.
  const held = current.previousElementSibling.textContent;
  const ENTITIES = { amp: '&', quot: '"', '#x27': "'", '#39': "'", lt: '<', gt: '>' };
  const decode = (text) => text.replace(/&(amp|quot|#x27|#39|lt|gt);/g, (_, name) => ENTITIES[name]);
  const attributesOf = (markup) =>
    [...markup.matchAll(/([^\s"'>/=]+)(?:="([^"]*)")?/g)].map(([, name, value = '']) => ({
      name,
      value: decode(value),
    }));
  const attribute = (attributes, name) => attributes.find((entry) => entry.name === name)?.value;

  const runnable = (source) => {
    const script = document.createElement('script');
    for (const { name, value } of source.attributes) script.setAttribute(name, value);
    script.nonce = nonce;
    script.text = source.text;
    return script;
  };

  const modules = [];
  let previous = current;
  for (const [, markup, text] of held.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const script = { attributes: attributesOf(markup), text };
    if (attribute(script.attributes, 'type') === 'module') {
      modules.push(script);
    } else {
      const now = runnable(script);
      previous.after(now);
      previous = now;
    }
  }
  const preloads = [...held.matchAll(/<link\b([^>]*)>/g)]
    .map(([, markup]) => attributesOf(markup))
    .filter((attributes) => attribute(attributes, 'rel') === 'modulepreload')
    .map((attributes) => attribute(attributes, 'href'));
  // What the bootstrap imports dynamically is its entry, which hydrates when it runs: it must run last.
  // What it imports for effect alone (in development, the hot-reload runtime that every module
  // expects) must run first.
  const entries = new Set();
  const firsts = [];
  for (const script of modules) {
    for (const [, specifier] of script.text.matchAll(/import\(("[^"]+")\)/g)) {
      entries.add(JSON.parse(specifier));
    }
    for (const [, specifier] of script.text.matchAll(/import\s*("[^"]+")/g)) {
      firsts.push(JSON.parse(specifier));
    }
  }

  // A phone spends about a millisecond of main thread on each preload it starts.
  const PRELOADS_PER_TASK = 4;
  const LATEST_START_MS = 5000;
  const INTERACTIONS = ['keydown', 'pointerdown', 'touchstart', 'focusin'];
  const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
  let started = false;

  const start = async () => {
    if (started) return;
    started = true;
    for (const type of INTERACTIONS) removeEventListener(type, start, true);

    for (let first = 0; first < preloads.length; first += PRELOADS_PER_TASK) {
      const links = document.createDocumentFragment();
      for (const href of preloads.slice(first, first + PRELOADS_PER_TASK)) {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.href = href;
        link.nonce = nonce;
        links.append(link);
      }
      document.head.append(links);
      await nextTask();
    }
    // React Router lists each route's module before the modules it imports: running them the other way
    // round, each task mostly runs one module whose imports have already run.
    if (entries.size > 0) {
      for (const href of [...firsts, ...preloads.slice().reverse()]) {
        if (entries.has(href)) continue;
        try {
          await import(href);
        } catch {
          break; // the bootstrap imports it again below, and reports what failed
        }
        await nextTask();
      }
    }
    for (const script of modules) document.body.append(runnable(script));
  };

  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  // The first contentful paint as the browser reports it: a frame's callbacks can run before the
  // frame is shown.
  const painted = new Promise((resolve) => {
    if (!globalThis.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
      nextFrame().then(resolve);
      return;
    }
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      resolve();
    }).observe({ type: 'paint', buffered: true });
  });
  const loaded = new Promise((resolve) => {
    if (document.readyState === 'complete') resolve();
    else addEventListener('load', resolve, { once: true });
  });

  for (const type of INTERACTIONS) addEventListener(type, start, { capture: true, passive: true });
  Promise.all([painted, loaded]).then(nextFrame).then(start);
  setTimeout(start, LATEST_START_MS);
})();
