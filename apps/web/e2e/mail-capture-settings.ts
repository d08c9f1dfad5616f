import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PORT_VARIABLE = 'CROSSBUY_E2E_SMTP_PORT';
const FILE_VARIABLE = 'CROSSBUY_E2E_MAILBOX';

/** A port nobody listens on now, found by letting the system pick one and giving it back. */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Chooses the capture's port and file once, in the process that starts the run. They travel in the
 * environment, which the store's server, the global setup and the test workers all inherit, because
 * each of those loads the Playwright config again.
 */
export async function chooseMailCapture(): Promise<void> {
  process.env[PORT_VARIABLE] ??= String(await freeLoopbackPort());
  process.env[FILE_VARIABLE] ??= path.join(
    mkdtempSync(path.join(tmpdir(), 'crossbuy-e2e-mail-')),
    'mail.jsonl',
  );
}

export function mailCaptureSettings(): { port: number; mailboxFile: string } {
  const port = Number(process.env[PORT_VARIABLE]);
  const mailboxFile = process.env[FILE_VARIABLE];
  if (!port || !mailboxFile)
    throw new Error('The mail capture was not chosen: run through playwright.config.ts');
  return { port, mailboxFile };
}
