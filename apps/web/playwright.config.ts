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

// A fresh database per run, so journeys never depend on what an earlier run left behind.
const dataDir = mkdtempSync(path.join(tmpdir(), 'crossbuy-e2e-'));

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
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  globalSetup: path.join(webDir, 'e2e/smtp-capture.ts'),
  webServer: {
    command: 'node apps/server/dist/main.js',
    cwd: repoRoot,
    url: `${baseURL}/api/ping`,
    reuseExistingServer: false,
    timeout: 120_000,
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      SESSION_SECRET: 'e2e-only-secret-value-that-is-long-enough-1234',
      // Mailed links must open the server the tests drive, on the host its cookies belong to.
      PUBLIC_URL: baseURL,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      // New mail is sent at once; this is how soon a retry goes out once it is due.
      MAIL_POLL_SECONDS: '1',
      OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${localShopPort()}`,
      // The operator who quotes in the journeys, through the API.
      ADMIN_EMAIL: LOCAL_ADMIN.email,
      ADMIN_PASSWORD: LOCAL_ADMIN.password,
    },
  },
});
