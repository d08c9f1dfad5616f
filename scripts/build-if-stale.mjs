// Builds whatever is out of date before a production start (`npm start`, `npm run start:cluster`).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const at = (...parts) => path.join(root, ...parts);

const sources = [
  at('package-lock.json'),
  at('packages/core/src'),
  at('apps/server/src'),
  at('apps/demo/src'),
  at('apps/web/app'),
  at('apps/web/public'),
  at('apps/web/vite.config.ts'),
  at('apps/web/react-router.config.ts'),
];
const outputs = [
  at('packages/core/dist/index.js'),
  at('apps/server/dist/main.js'),
  at('apps/demo/dist/main.js'),
  at('apps/web/build/server/index.js'),
];

function newestModification(entry) {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const child of readdirSync(entry))
    newest = Math.max(newest, newestModification(path.join(entry, child)));
  return newest;
}

/** Runs `npm run build` when a source changed since the oldest build output; exits if the build fails. */
export function buildIfStale() {
  const oldestOutput = Math.min(...outputs.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
  const newestSource = Math.max(...sources.map(newestModification));
  if (oldestOutput !== 0 && newestSource <= oldestOutput) return;
  console.log('Building Crossbuy (sources changed since the last build)...');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** The built store's entry point: the server with the demo store (docs/decisions/0084). */
export const serverEntry = at('apps/demo/dist/main.js');
