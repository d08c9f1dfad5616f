import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import {
  type ConfigEnv,
  defaultClientConditions,
  defaultServerConditions,
  defineConfig,
  type PluginOption,
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

// React DOM in a file of its own rather than inside the entry: the page's start-up script runs each
// module in a task of its own before the entry hydrates (decision 0052), and React DOM is the largest.
function manualChunks(id: string) {
  return /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/.test(id) ? 'react-dom' : undefined;
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
      const hydrationCode =
        chunk.name === 'entry.client' ||
        chunk.name === 'react-dom' ||
        chunk.moduleIds.some((id) => /[\\/]node_modules[\\/]react-router[\\/]/.test(id));
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
    ...(!isSsrBuild && { rollupOptions: { output: { manualChunks } } }),
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
