// A local cluster of the store (docs/decisions/0078): `web` processes and `worker` processes on one
// PostgreSQL database, behind HAProxy on one port. `npm run start:cluster` runs it; the cluster tests and
// `npm run bench:cluster` start it from here too.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root, serverEntry } from './build-if-stale.mjs';
import { serverNodeOptions } from './server-node-options.mjs';

/** How long a stopping web process answers "not ready" first: longer than two of the proxy's checks. */
const DRAIN_SECONDS = 3;
const HEALTH_CHECK_MS = 1000;

export async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Whether HAProxy is installed: the cluster needs it, and says how to get it when it is missing. */
export function haproxyAvailable() {
  return spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status === 0;
}

/**
 * The proxy's configuration: round robin over the web processes, each checked at `/api/health/ready` every
 * second and taken out at its first failure (a draining process answers 503 while it still serves); a
 * request that found no connection is tried on another process, and so are the idempotent ones (reads,
 * PUT and DELETE, and placing an order, idempotent per checkout session) that got no answer or a 503.
 */
export function haproxyConfig({ host, port, webs }) {
  return `global
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout client 65s
  timeout server 65s
  timeout http-keep-alive 10s
  option forwardfor
  option http-server-close

frontend store
  bind ${host}:${port}
  # Each request is named here, over any id a client sent; the web process keeps the name for its log
  # lines and for the jobs and mail it queues (docs/decisions/0081).
  unique-id-format %[uuid()]
  http-request set-header X-Request-Id %[unique-id]
  default_backend web

backend web
  balance roundrobin
  option httpchk GET /api/health/ready
  http-check expect status 200
  default-server inter ${HEALTH_CHECK_MS}ms fall 1 rise 2
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response response-timeout 503
  acl idempotent method GET HEAD OPTIONS PUT DELETE
  acl places_order path -m end /checkout/create_order
  http-request disable-l7-retry if !idempotent !places_order
${webs.map((web) => `  server ${web.name} 127.0.0.1:${web.port} check`).join('\n')}
`;
}

async function waitUntil(check, what, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} within ${timeoutMs / 1000} s`);
}

const answers = (url) =>
  fetch(url, { signal: AbortSignal.timeout(2000) }).then(
    (response) => response.status === 200,
    () => false,
  );

/**
 * Starts `workers` worker processes, then `webs` web processes, then HAProxy on `port`, and waits until the
 * proxy answers. `env` is every process's environment (DATABASE_URL required); `serverCommand` how to run
 * one (the built server by default); `output(name, line)` hears each line a process writes.
 */
export async function startCluster({
  webs: webCount = 3,
  workers: workerCount = 1,
  host = '127.0.0.1',
  port = 3000,
  env = process.env,
  serverCommand = [process.execPath, ...serverNodeOptions(env), '--enable-source-maps', serverEntry],
  output = (name, line) => console.log(`[${name}] ${line}`),
} = {}) {
  if (!env.DATABASE_URL) {
    throw new Error('The cluster runs on PostgreSQL: set DATABASE_URL (PGlite belongs to one process).');
  }
  if (!haproxyAvailable()) {
    throw new Error('The cluster needs HAProxy in front of its processes: apt-get install haproxy');
  }
  const directory = mkdtempSync(path.join(tmpdir(), 'crossbuy-cluster-'));
  const members = [];

  const pipeOutput = (name, child) => {
    for (const stream of [child.stdout, child.stderr]) {
      let pending = '';
      stream.on('data', (chunk) => {
        pending += chunk.toString();
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) if (line) output(name, line);
      });
    }
  };
  const launch = (member) => {
    const [command, ...args] = serverCommand;
    const child = spawn(command, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...env,
        SERVER_ROLE: member.role,
        PORT: String(member.port),
        HOST: '127.0.0.1',
        PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${port}`,
        // One hop: HAProxy, which says who the shopper is in X-Forwarded-For.
        TRUST_PROXY: env.TRUST_PROXY ?? '1',
        DRAIN_SECONDS: String(DRAIN_SECONDS),
      },
    });
    pipeOutput(member.name, child);
    member.child = child;
    member.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
    return member;
  };
  const ready = (member) =>
    waitUntil(
      async () => {
        if (member.child.exitCode !== null)
          throw new Error(`${member.name} exited (${member.child.exitCode})`);
        return answers(`http://127.0.0.1:${member.port}/api/health/ready`);
      },
      `${member.name} was not ready`,
      120_000,
    );
  const stopMember = async (member) => {
    if (member.child.exitCode === null && member.child.signalCode === null) member.child.kill('SIGTERM');
    return member.exited;
  };

  let proxy;
  try {
    // The first worker migrates the database and seeds the demo store before any web process starts.
    for (let index = 1; index <= workerCount; index += 1) {
      const worker = launch({ name: `worker-${index}`, role: 'worker', port: await freePort() });
      members.push(worker);
      await ready(worker);
    }
    const webs = [];
    for (let index = 1; index <= webCount; index += 1) {
      const web = launch({ name: `web-${index}`, role: 'web', port: await freePort() });
      members.push(web);
      webs.push(web);
    }
    await Promise.all(webs.map(ready));

    const configFile = path.join(directory, 'haproxy.cfg');
    writeFileSync(configFile, haproxyConfig({ host, port, webs }));
    // -db: in the foreground, so it stops with this process.
    proxy = spawn('haproxy', ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    const proxyExited = new Promise((resolve) => proxy.once('exit', resolve));
    // A signal to the whole process group may have stopped it already.
    const stopProxy = () => {
      if (proxy.exitCode === null && proxy.signalCode === null) proxy.kill('SIGTERM');
      return proxyExited;
    };
    pipeOutput('proxy', proxy);
    const origin = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
    await waitUntil(
      async () => {
        if (proxy.exitCode !== null) throw new Error(`HAProxy exited (${proxy.exitCode})`);
        return answers(`${origin}/api/health/ready`);
      },
      'the proxy did not answer',
      30_000,
    );
    const workers = members.filter((member) => member.role === 'worker');
    return {
      origin,
      webs,
      workers,
      /** Stops one process as an orchestrator would (SIGTERM: it drains), starts it again, waits until ready. */
      async restart(member) {
        const code = await stopMember(member);
        if (code !== 0) throw new Error(`${member.name} stopped with ${code}`);
        launch(member);
        await ready(member);
      },
      /** Stops every process, draining, and the proxy last. */
      async stop() {
        await Promise.all(members.map(stopMember));
        await stopProxy();
        rmSync(directory, { recursive: true, force: true });
      },
    };
  } catch (error) {
    for (const member of members) member.child?.kill('SIGKILL');
    proxy?.kill('SIGKILL');
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
}
