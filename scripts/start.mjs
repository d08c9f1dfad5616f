// `npm start`: build whatever is out of date, then run the production server (API and web app).
import { spawn } from 'node:child_process';
import { buildIfStale, root, serverEntry } from './build-if-stale.mjs';
import { serverNodeOptions } from './server-node-options.mjs';

buildIfStale();

const server = spawn(process.execPath, [...serverNodeOptions(), '--enable-source-maps', serverEntry], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
