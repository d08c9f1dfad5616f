// `npm run dev`: the API in watch mode on API_PORT (3001) and the web app's Vite server on PORT (3000),
// which proxies /api to the API. Both stop together.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const apiPort = process.env.API_PORT ?? '3001';
const apiOrigin = `http://127.0.0.1:${apiPort}`;

const children = [
  spawn('npx', ['tsx', 'watch', '--conditions=development', 'apps/demo/src/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: apiPort,
      WEB_BUILD_DIR: '',
      PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:3000',
    },
  }),
  spawn('npx', ['react-router', 'dev', '--port', process.env.PORT ?? '3000'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, API_ORIGIN: apiOrigin },
  }),
];

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));
