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

export default defineConfig({
  plugins: [tailwind, reactRouter(), precompressed],
  // Kept in build/client/.vite/ so bench/web-bundle.mjs can add up what each page loads first.
  build: { manifest: true },
  resolve: { conditions: [sourceCondition, ...defaultClientConditions] },
  ssr: {
    noExternal: ['@crossbuy/core'],
    resolve: { conditions: [sourceCondition, ...defaultServerConditions] },
  },
  server: {
    port: 3000,
    proxy: { '/api': process.env.API_ORIGIN ?? 'http://127.0.0.1:3001' },
  },
});
