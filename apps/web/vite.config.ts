import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import {
  type ConfigEnv,
  defaultClientConditions,
  defaultServerConditions,
  defineConfig,
  type PluginOption,
  type Rollup,
} from 'vite';
import { compression } from 'vite-plugin-compression2';

// Workspace packages publish TypeScript sources under the `development` condition. Dev and the
// production build both read core from source, so the web app never depends on core's dist/ being built.
const sourceCondition = 'development';

// npm hoists @tailwindcss/vite next to the root's Vite 8 (Vitest's), so its typings name that Vite;
// the plugin supports Vite 5 to 8 and runs fine under this app's Vite 7.
const tailwind = tailwindcss() as unknown as PluginOption;

// Brotli and gzip copies beside each file of the browser's build, made once at their best levels; the
// server picks one by the browser's Accept-Encoding (docs/decisions/0018). The server build needs none.
// Its typings name the hoisted Vite 8, as the Tailwind plugin's do; it runs under this app's Vite 7.
const precompressed = {
  ...compression({ algorithms: ['brotliCompress', 'gzip'] }),
  apply: (_config: unknown, { command, isSsrBuild }: ConfigEnv) => command === 'build' && !isSsrBuild,
} as unknown as PluginOption;

// What every page runs, in four files rather than the dozens Rollup would cut it into by the sets of
// routes sharing each module (decision 0055):
// - React DOM and React Router each in a file of their own: they are the largest, the page's start-up
//   script runs each file in a task of its own (decision 0052), and V8 compiles them as they arrive
//   (below), which it does only for a hint on a file's first line;
// - the other packages and the app's own modules that the entry, the root route and the country layout
//   import statically, in a libraries file and a shell file. Every page loads all of it, so no page
//   loads more than before.
const LIBRARY_CHUNKS = [
  { name: 'react-dom', path: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/ },
  { name: 'react-router', path: /[\\/]node_modules[\\/]react-router[\\/]/ },
];
// The entry and the routes above every page (app/routes.ts), as React Router builds them.
const EVERY_PAGE_ROOTS =
  /[\\/]entry\.client\.[jt]sx?$|[\\/]app[\\/](root|routes[\\/]country-layout)\.tsx(\?|$)/;
// The entry and the route modules stay files of their own: React Router asks for them by name.
const ENTRY_MODULE = /[\\/]entry\.client\.[jt]sx?$|\?__react-router-build-client-route/;

function staticClosure(roots: string[], getModuleInfo: Rollup.ManualChunkMeta['getModuleInfo']) {
  const closure = new Set<string>();
  const pending = [...roots];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (closure.has(next)) continue;
    closure.add(next);
    pending.push(...(getModuleInfo(next)?.importedIds ?? []));
  }
  return closure;
}

/** Rollup's `manualChunks` for one build: the shell is worked out once the module graph is complete. */
function pageStartChunks() {
  let everyPage: Set<string> | undefined;
  return (id: string, { getModuleIds, getModuleInfo }: Rollup.ManualChunkMeta) => {
    const library = LIBRARY_CHUNKS.find((chunk) => chunk.path.test(id));
    if (library) return library.name;
    everyPage ??= staticClosure(
      [...getModuleIds()].filter((moduleId) => EVERY_PAGE_ROOTS.test(moduleId)),
      getModuleInfo,
    );
    if (!everyPage.has(id) || ENTRY_MODULE.test(id) || id.endsWith('.css')) return undefined;
    // Libraries and the bundler's helpers apart from the app's own modules: the shell imports them and
    // they never import it, so no two files wait on each other as they start.
    return /[\\/]node_modules[\\/]/.test(id) || id.startsWith('\0') ? 'libraries' : 'shell';
  };
}

// Most of what React DOM, React Router and the entry define runs as the page hydrates. A first-line
// comment asks V8 to compile all of such a file as it arrives, on a background thread, rather than one
// function at a time on the main thread the first time each is called (decision 0053). It is added
// after minification, which would drop it, and before the files are hashed and compressed.
const compiledOnArrival: PluginOption = {
  name: 'crossbuy:compiled-on-arrival',
  apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
  enforce: 'post',
  renderChunk: {
    order: 'post',
    handler(code, chunk) {
      const hydrationCode = ['entry.client', 'react-dom', 'react-router'].includes(chunk.name);
      return hydrationCode ? { code: `//# allFunctionsCalledOnLoad\n${code}`, map: null } : null;
    },
  },
};

// In the browser every `import … from 'zod'` goes through the module that turns off Zod's compiled fast
// path (which the Content-Security-Policy refuses) before any schema is built.
const zodInTheBrowser = {
  find: /^zod$/,
  replacement: fileURLToPath(new URL('./app/lib/zod-in-the-browser.ts', import.meta.url)),
};

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwind, reactRouter(), compiledOnArrival, precompressed],
  build: {
    // Kept in build/client/.vite/ so bench/web-bundle.mjs can add up what each page loads first.
    manifest: true,
    ...(!isSsrBuild && { rollupOptions: { output: { manualChunks: pageStartChunks() } } }),
  },
  resolve: {
    conditions: [sourceCondition, ...defaultClientConditions],
    alias: isSsrBuild ? [] : [zodInTheBrowser],
  },
  ssr: {
    noExternal: ['@crossbuy/core'],
    resolve: { conditions: [sourceCondition, ...defaultServerConditions] },
  },
  server: {
    port: 3000,
    proxy: { '/api': process.env.API_ORIGIN ?? 'http://127.0.0.1:3001' },
  },
}));
