import { appendFileSync } from 'node:fs';
import { SMTPServer } from 'smtp-server';
import { mailCaptureSettings } from './mail-capture-settings';

/**
 * Playwright global setup: an SMTP server on loopback that accepts whatever the store sends and
 * appends each message, as one JSON line, to the file the journeys read. The store starts before this
 * runs, but it only connects when it has mail to send, which tests cause later.
 */
export default async function startSmtpCapture(): Promise<() => Promise<void>> {
  const { port, mailboxFile } = mailCaptureSettings();
  const server = new SMTPServer({
    authOptional: true,
    // Without a certificate of its own, offering STARTTLS would only make the store's client fail.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase());
        appendFileSync(
          mailboxFile,
          `${JSON.stringify({ to, raw: Buffer.concat(chunks).toString('utf8') })}\n`,
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
