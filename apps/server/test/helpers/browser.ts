import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { generate } from 'otplib';

type StoredCookie = { value: string; path: string };

/**
 * A browser for app.inject: keeps cookies by name and path (so the refresh token goes only to the
 * auth paths), sends the anti-forgery header like the web client, and comes from one IP address.
 */
export class TestBrowser {
  readonly cookies = new Map<string, StoredCookie>();

  constructor(
    readonly app: FastifyInstance,
    readonly ip = '127.0.0.1',
  ) {}

  static async open(app: FastifyInstance, ip?: string): Promise<TestBrowser> {
    const browser = new TestBrowser(app, ip);
    await browser.request({ method: 'GET', url: '/api/ping' });
    return browser;
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name)?.value;
  }

  cookieHeader(url: string): string {
    return [...this.cookies]
      .filter(([, cookie]) => url.startsWith(cookie.path))
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join('; ');
  }

  async request(options: {
    method: InjectOptions['method'];
    url: string;
    payload?: unknown;
    xsrf?: boolean;
  }): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { cookie: this.cookieHeader(options.url) };
    const xsrf = this.cookie('XSRF-TOKEN');
    if (options.xsrf !== false && xsrf) headers['x-xsrf-token'] = xsrf;
    const response = await this.app.inject({
      method: options.method,
      url: options.url,
      headers,
      remoteAddress: this.ip,
      ...(options.payload === undefined ? {} : { payload: options.payload as InjectOptions['payload'] }),
    });
    for (const cookie of response.cookies) {
      const expired =
        cookie.value === '' ||
        cookie.maxAge === 0 ||
        (cookie.expires instanceof Date && cookie.expires.getTime() <= Date.now());
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, { value: cookie.value, path: cookie.path ?? '/' });
    }
    return response;
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }

  post(url: string, payload?: unknown, options: { xsrf?: boolean } = {}) {
    return this.request({ method: 'POST', url, payload: payload ?? {}, ...options });
  }

  put(url: string, payload: unknown, options: { xsrf?: boolean } = {}) {
    return this.request({ method: 'PUT', url, payload, ...options });
  }

  delete(url: string, options: { xsrf?: boolean } = {}) {
    return this.request({ method: 'DELETE', url, ...options });
  }
}

/** The latest message the dev mailbox holds for `to`, after sending whatever is queued. */
export async function lastMailTo(app: FastifyInstance, to: string) {
  await app.mailer.flush();
  const [message] = await app.mailer.devMailbox(to, 1);
  return message;
}

export async function mailCount(app: FastifyInstance, to: string): Promise<number> {
  await app.mailer.flush();
  return (await app.mailer.devMailbox(to)).length;
}

export async function verificationCodeFor(app: FastifyInstance, to: string): Promise<string> {
  const message = await lastMailTo(app, to);
  const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
  if (!code) throw new Error(`no verification code mailed to ${to}`);
  return code;
}

/** A query parameter of the link in the latest mail to `to`. */
export async function linkParamFor(app: FastifyInstance, to: string, name: string): Promise<string> {
  const message = await lastMailTo(app, to);
  const link = /(https?:\/\/\S+)/.exec(message?.text ?? '')?.[1];
  const value = link ? new URL(link).searchParams.get(name) : null;
  if (!value) throw new Error(`no link with ${name} mailed to ${to}`);
  return value;
}

const TOTP_STEP_SECONDS = 30;
/** Time a request needs, at most, to reach the server's check after its code was made. */
const TOTP_REQUEST_MARGIN_MS = 3_000;

/**
 * The TOTP code an authenticator app would show, `offsetSteps` 30-second steps from now. A code from
 * an earlier step is only accepted while the server's clock is in the step after it, so when the
 * current step is about to end this waits for the next one: otherwise the code could expire on its
 * way to the server and the test would fail by the clock, not by the code.
 */
export async function totpCode(secret: string, offsetSteps = 0): Promise<string> {
  if (offsetSteps < 0) {
    const stepMs = TOTP_STEP_SECONDS * 1000;
    const leftInStep = stepMs - (Date.now() % stepMs);
    if (leftInStep < TOTP_REQUEST_MARGIN_MS)
      await new Promise((resolve) => setTimeout(resolve, leftInStep + 50));
  }
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * TOTP_STEP_SECONDS });
}

export function errorCode(response: LightMyRequestResponse): string | undefined {
  return response.json()?.error?.code;
}
