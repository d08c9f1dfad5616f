import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { chooseLocalShop, localShopPort } from './e2e/local-shop';
import { chooseMailCapture, mailCaptureSettings } from './e2e/mail-capture-settings';
import { LOCAL_ADMIN } from './e2e/shoppers';

const webDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(webDir, '../..');
// E2E_PORT lets two checkouts run their journeys side by side on one machine.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

// The purchase journey runs on a second store started as `npm start` starts it (development mode, no card
// provider keys), where the labelled test card exists; it is never offered in production.
const developmentPort = port + 1;
const developmentURL = `http://127.0.0.1:${developmentPort}`;
const PURCHASE_JOURNEY = /purchase\.spec\.ts$/;

// With a PostgreSQL server to use (E2E_DATABASE_URL, set by .ci/run), a third store runs as a cluster: three
// web processes and a worker behind HAProxy (docs/decisions/0078), for the journey of cluster.spec.ts.
const clusterDatabaseUrl = process.env.E2E_DATABASE_URL;
const clusterPort = port + 2;
const clusterURL = `http://127.0.0.1:${clusterPort}`;
const clusterDataDir = mkdtempSync(path.join(tmpdir(), 'crossbuy-e2e-cluster-'));
const CLUSTER_JOURNEY = /cluster\.spec\.ts$/;

// A fresh database per run and per store, so journeys never depend on what an earlier run left behind.
const dataDir = mkdtempSync(path.join(tmpdir(), 'crossbuy-e2e-'));
const developmentDataDir = mkdtempSync(path.join(tmpdir(), 'crossbuy-e2e-dev-'));

// The store mails through an SMTP capture on loopback (e2e/smtp-capture.ts), as it would in production.
await chooseMailCapture();
const smtpPort = mailCaptureSettings().port;
// A stand-in for a shop abroad that quotation journeys paste links to; the store may fetch only it.
await chooseLocalShop();

export default defineConfig({
  testDir: path.join(webDir, 'e2e'),
  outputDir: path.join(webDir, 'test-results'),
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: process.env.CI ? 1 : undefined,
  reporter: process.env.CI
    ? [['list'], ['html', { open: 'never', outputFolder: path.join(webDir, 'playwright-report') }]]
    : 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      // The system Chromium; Playwright never downloads a browser here.
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'] },
      testIgnore: [PURCHASE_JOURNEY, CLUSTER_JOURNEY],
    },
    {
      name: 'development store',
      use: { ...devices['Desktop Chrome'], baseURL: developmentURL },
      testMatch: PURCHASE_JOURNEY,
    },
    ...(clusterDatabaseUrl
      ? [
          {
            name: 'cluster store',
            use: { ...devices['Desktop Chrome'], baseURL: clusterURL },
            testMatch: CLUSTER_JOURNEY,
          },
        ]
      : []),
  ],
  // The mail capture first: setting up the admin's two-factor may send mail.
  globalSetup: [path.join(webDir, 'e2e/smtp-capture.ts'), path.join(webDir, 'e2e/staff-two-factor.ts')],
  webServer: [
    storeServer({ port, dataDir, nodeEnv: 'production' }),
    storeServer({ port: developmentPort, dataDir: developmentDataDir, nodeEnv: 'development' }),
    ...(clusterDatabaseUrl
      ? [
          {
            ...storeServer({ port: clusterPort, dataDir: clusterDataDir, nodeEnv: 'production' }),
            command: 'node apps/web/e2e/cluster-store.mjs',
            url: `${clusterURL}/api/health/ready`,
            // The processes drain before they stop, and the store's database is dropped after them.
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 30_000 },
          },
        ]
      : []),
  ],
});

function storeServer(store: { port: number; dataDir: string; nodeEnv: 'production' | 'development' }) {
  const url = `http://127.0.0.1:${store.port}`;
  return {
    command: 'node apps/demo/dist/main.js',
    cwd: repoRoot,
    url: `${url}/api/ping`,
    reuseExistingServer: false,
    timeout: 120_000,
    stderr: 'pipe' as const,
    env: {
      PORT: String(store.port),
      HOST: '127.0.0.1',
      DATA_DIR: store.dataDir,
      NODE_ENV: store.nodeEnv,
      SESSION_SECRET: 'e2e-only-secret-value-that-is-long-enough-1234',
      // Mailed links must open the server the tests drive, on the host its cookies belong to.
      PUBLIC_URL: url,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // New mail is sent at once; this is how soon a retry goes out once it is due.
      MAIL_POLL_SECONDS: '1',
      E2E_DATABASE_URL: clusterDatabaseUrl ?? '',
      // As behind the store's proxy: each journey's shopper comes from a network of their own
      // (ownNetworkHeader in e2e/shoppers.ts), so per-address limits count them apart.
      TRUST_PROXY: '127.0.0.1',
      OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${localShopPort()}`,
      // Orders placed in the journeys need a way to pay: PayNow, with a made-up business number (UEN).
      PAYNOW_UEN: '53312345X',
      // The operator who quotes and answers in the journeys.
      ADMIN_EMAIL: LOCAL_ADMIN.email,
      ADMIN_PASSWORD: LOCAL_ADMIN.password,
    },
  };
}
