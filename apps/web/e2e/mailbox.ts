import { existsSync, readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import { mailCaptureSettings } from './mail-capture-settings';

type CapturedMail = { to: string[]; raw: string };

/** A header of a raw message, with folded continuation lines joined. */
function header(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const line = unfolded
    .split(/\r?\n/)
    .find((candidate) => candidate.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

function capturedMail(): CapturedMail[] {
  const { mailboxFile } = mailCaptureSettings();
  if (!existsSync(mailboxFile)) return [];
  return readFileSync(mailboxFile, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as CapturedMail);
}

/** The subjects of mail the store sent to `to`, oldest first. */
function subjectsTo(to: string): string[] {
  return capturedMail()
    .filter((mail) => mail.to.includes(to.toLowerCase()))
    .map((mail) => header(mail.raw, 'Subject') ?? '');
}

/** Waits for the verification mail to `to` and returns its six-digit code. */
export async function verificationCodeFor(to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        code = subjectsTo(to)
          .map((subject) => /verification code: (\d{6})$/.exec(subject)?.[1])
          .findLast(Boolean);
        return code;
      },
      { message: `a verification code mailed to ${to}`, timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code as string;
}

/** A raw message's text with quoted-printable soft line breaks and escapes undone, enough to read its words. */
function readableText(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Waits for mail to `to` with the subject `subject` and returns the text of the latest one. */
export async function mailTextTo(to: string, subject: string): Promise<string> {
  let text: string | undefined;
  await expect
    .poll(
      () => {
        text = capturedMail()
          .filter((mail) => mail.to.includes(to.toLowerCase()) && header(mail.raw, 'Subject') === subject)
          .map((mail) => readableText(mail.raw))
          .at(-1);
        return text !== undefined;
      },
      { message: `"${subject}" mailed to ${to}`, timeout: 15_000 },
    )
    .toBe(true);
  return text as string;
}

/** How many messages with the subject `subject` the store has sent to `to`. */
export function mailCountTo(to: string, subject: string): number {
  return subjectsTo(to).filter((each) => each === subject).length;
}

/** Waits for a mail to `to` holding a link to `pathname` and returns the latest such link's path and query. */
export async function linkMailedTo(to: string, pathname: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s"<>]+(${pathname.replace(/[/]/g, '\\/')}\\?[^\\s"<>]+)`);
  let link: string | undefined;
  await expect
    .poll(
      () => {
        link = capturedMail()
          .filter((mail) => mail.to.includes(to.toLowerCase()))
          .map((mail) => pattern.exec(readableText(mail.raw))?.[1]?.replace(/&amp;/g, '&'))
          .findLast(Boolean);
        return link;
      },
      { message: `a link to ${pathname} mailed to ${to}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link as string;
}
