import { promises as dns, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, buildConnector, errors, request } from 'undici';
import { blockedAddressReason } from './outbound-addresses.js';

/** Everything one fetch may take, redirects and body included. */
export const OUTBOUND_TIMEOUT_MS = 5_000;
/** Largest response body read; a larger one is abandoned. */
export const OUTBOUND_MAX_BYTES = 2 * 1024 * 1024;
export const OUTBOUND_MAX_REDIRECTS = 5;
/** Ports fetched on hosts outside `OUTBOUND_ALLOW_HOSTS`: the web's own. */
const WEB_PORTS: ReadonlySet<string> = new Set(['80', '443']);
const HTML_TYPES: ReadonlySet<string> = new Set(['text/html', 'application/xhtml+xml']);
const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/**
 * Why a fetch failed. `retryable` failures may pass on a later try (a timeout, a 5xx, a refused
 * connection); the others will fail the same way again.
 */
export type OutboundFailure =
  | 'invalid_url'
  | 'blocked_address'
  | 'timeout'
  | 'too_large'
  | 'not_html'
  | 'not_picture'
  | 'not_found'
  | 'refused_by_site'
  | 'site_error'
  | 'too_many_redirects'
  | 'unknown_host'
  | 'unreachable';

const RETRYABLE: ReadonlySet<OutboundFailure> = new Set(['timeout', 'site_error', 'unreachable']);

export class OutboundFetchError extends Error {
  override readonly name = 'OutboundFetchError';
  readonly retryable: boolean;

  constructor(
    readonly failure: OutboundFailure,
    detail: string,
    options?: ErrorOptions,
  ) {
    super(`${failure}: ${detail}`, options);
    this.retryable = RETRYABLE.has(failure);
  }
}

/** A response body of an accepted type, read within the bounds. */
export type FetchedPage = {
  /** Where the page was finally read from, after redirects: relative links on it resolve against this. */
  url: string;
  contentType: string;
  /** The charset the response named, if any; the page itself may name another. */
  charset: string | undefined;
  body: Buffer;
};

/** Resolves a host name to every address it has. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export type OutboundFetcherOptions = {
  /**
   * `host` or `host:port` entries fetched without the address check (local stand-ins in tests). A host
   * without a port is let through on any port.
   */
  allowHosts: readonly string[];
  resolve?: Resolver;
  timeoutMs?: number;
  maxBytes?: number;
  userAgent?: string;
};

const defaultResolver: Resolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

function effectivePort(protocol: string, port: string): string {
  return port || (protocol === 'https:' ? '443' : '80');
}

/**
 * The store's one way to fetch a page from another site (docs/decisions/0024). Every connection it opens
 * goes to an address it checked itself: a literal address is checked before connecting, a host name is
 * resolved once, every address it resolves to is checked, and the socket connects to the checked address,
 * so a name that answers differently the second time (DNS rebinding) gains nothing. Redirects are
 * followed here, one at a time, each through the same check.
 */
export class OutboundFetcher {
  private readonly agent: Agent;
  private readonly allowHosts: ReadonlySet<string>;
  private readonly resolve: Resolver;
  private readonly timeoutMs: number;
  private readonly maxBytes: number;
  private readonly userAgent: string;

  constructor(options: OutboundFetcherOptions) {
    this.allowHosts = new Set(options.allowHosts.map((entry) => entry.trim().toLowerCase()).filter(Boolean));
    this.resolve = options.resolve ?? defaultResolver;
    this.timeoutMs = options.timeoutMs ?? OUTBOUND_TIMEOUT_MS;
    this.maxBytes = options.maxBytes ?? OUTBOUND_MAX_BYTES;
    this.userAgent = options.userAgent ?? 'Mozilla/5.0 (compatible; CrossbuyLinkPreview/1.0)';
    const checkedConnect = buildConnector({ timeout: this.timeoutMs, lookup: this.pinnedLookup(true) });
    const plainConnect = buildConnector({ timeout: this.timeoutMs, lookup: this.pinnedLookup(false) });
    this.agent = new Agent({
      connect: (options, callback) => {
        const host = stripBrackets(options.hostname).toLowerCase();
        if (this.isAllowed(host, effectivePort(options.protocol, options.port))) {
          plainConnect(options, callback);
          return;
        }
        // A literal address never reaches a lookup: net connects to it directly.
        const reason = isIP(host) ? blockedAddressReason(host) : undefined;
        if (reason) {
          callback(new OutboundFetchError('blocked_address', reason), null);
          return;
        }
        checkedConnect(options, callback);
      },
      headersTimeout: this.timeoutMs,
      bodyTimeout: this.timeoutMs,
      connections: 8,
    });
  }

  private isAllowed(host: string, port: string): boolean {
    const name = host.includes(':') ? `[${host}]` : host;
    return this.allowHosts.has(name) || this.allowHosts.has(`${name}:${port}`);
  }

  /**
   * A `lookup` for net.connect: the socket connects to what this resolves, once. Checked, it refuses a
   * name when any address it resolves to is not public; allowed hosts skip only that check.
   */
  private pinnedLookup(checked: boolean): LookupFunction {
    return (hostname, options, callback) => {
      this.resolve(hostname).then(
        (addresses) => {
          const wanted = addresses.filter(
            ({ family }) => !options.family || options.family === family || options.family === 0,
          );
          const blocked = checked
            ? addresses.map(({ address }) => blockedAddressReason(address)).find(Boolean)
            : undefined;
          const first = wanted[0];
          if (blocked) {
            callback(new OutboundFetchError('blocked_address', blocked), '', 0);
          } else if (!first) {
            callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
          } else if (options.all) {
            (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, wanted);
          } else {
            callback(null, first.address, first.family);
          }
        },
        (error: Error) => callback(error, '', 0),
      );
    };
  }

  /**
   * Fetches an HTML page, following up to five redirects, within the time and size bounds. Throws
   * {@link OutboundFetchError}; `signal` ends the fetch early (a job's lease running out).
   */
  fetchPage(link: string, options: { signal?: AbortSignal } = {}): Promise<FetchedPage> {
    return this.fetchAccepting(link, {
      accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
      types: HTML_TYPES,
      refusal: 'not_html',
      maxBytes: this.maxBytes,
      signal: options.signal,
    });
  }

  /**
   * Fetches a picture the way pages are fetched (the same address checks, redirects and time budget),
   * reading only the `types` named and at most `maxBytes`; anything else is `not_picture` or `too_large`.
   * The bytes are not trusted: whoever stores them checks them as an upload is checked.
   */
  fetchPicture(
    link: string,
    options: { types: ReadonlySet<string>; maxBytes: number; signal?: AbortSignal | undefined },
  ): Promise<FetchedPage> {
    return this.fetchAccepting(link, {
      accept: `${[...options.types].join(',')};q=0.9,*/*;q=0.1`,
      types: options.types,
      refusal: 'not_picture',
      maxBytes: options.maxBytes,
      signal: options.signal,
    });
  }

  private async fetchAccepting(
    link: string,
    wanted: {
      accept: string;
      types: ReadonlySet<string>;
      refusal: OutboundFailure;
      maxBytes: number;
      signal: AbortSignal | undefined;
    },
  ): Promise<FetchedPage> {
    const deadline = AbortSignal.timeout(this.timeoutMs);
    const signal = wanted.signal ? AbortSignal.any([deadline, wanted.signal]) : deadline;
    let url = this.checkedUrl(link);
    for (let redirects = 0; ; redirects += 1) {
      const response = await this.send(url, signal, { method: 'GET', headers: { accept: wanted.accept } });
      const location = response.headers.location;
      if (REDIRECT_STATUSES.has(response.statusCode) && typeof location === 'string') {
        response.body.dump().catch(() => undefined);
        if (redirects === OUTBOUND_MAX_REDIRECTS) {
          throw new OutboundFetchError('too_many_redirects', `more than ${OUTBOUND_MAX_REDIRECTS}`);
        }
        url = this.checkedUrl(location, url);
        continue;
      }
      if (response.statusCode < 200 || response.statusCode > 299) {
        response.body.dump().catch(() => undefined);
        throw statusFailure(response.statusCode);
      }
      const { type, charset } = parseContentType(response.headers['content-type']);
      if (!wanted.types.has(type)) {
        response.body.dump().catch(() => undefined);
        throw new OutboundFetchError(wanted.refusal, type || 'no content type');
      }
      const body = await this.readBody(response, signal, wanted.maxBytes);
      return { url: url.href, contentType: type, charset, body };
    }
  }

  /**
   * Posts an HTML form to a service that answers JSON (a captcha check), within the same time and size
   * bounds and through the same address check as pages. Redirects are not followed: an API that moves
   * is a failure to look into, not a page to chase. Throws {@link OutboundFetchError}.
   */
  async postFormForJson(link: string, form: Record<string, string>): Promise<unknown> {
    const signal = AbortSignal.timeout(this.timeoutMs);
    const url = this.checkedUrl(link);
    const response = await this.send(url, signal, {
      method: 'POST',
      body: new URLSearchParams(form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    });
    if (response.statusCode < 200 || response.statusCode > 299) {
      response.body.dump().catch(() => undefined);
      throw statusFailure(response.statusCode);
    }
    const body = await this.readBody(response, signal, this.maxBytes);
    try {
      return JSON.parse(body.toString('utf8'));
    } catch (error) {
      throw new OutboundFetchError('site_error', 'the answer is not JSON', { cause: error });
    }
  }

  /**
   * Refuses at once, without any network, a link the fetch would refuse before connecting: not http(s),
   * credentials, a port other than the web's, or a literal address that is not public.
   */
  precheck(link: string): void {
    const url = this.checkedUrl(link);
    const host = stripBrackets(url.hostname);
    if (this.isAllowed(host, effectivePort(url.protocol, url.port)) || !isIP(host)) return;
    const reason = blockedAddressReason(host);
    if (reason) throw new OutboundFetchError('blocked_address', reason);
  }

  private checkedUrl(link: string, base?: URL): URL {
    let url: URL;
    try {
      url = new URL(link, base);
    } catch (error) {
      throw new OutboundFetchError('invalid_url', 'not a URL', { cause: error });
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new OutboundFetchError('invalid_url', `scheme ${url.protocol}`);
    }
    if (url.username || url.password) throw new OutboundFetchError('invalid_url', 'credentials in the link');
    const host = stripBrackets(url.hostname);
    const port = effectivePort(url.protocol, url.port);
    if (!this.isAllowed(host, port) && !WEB_PORTS.has(port)) {
      throw new OutboundFetchError('blocked_address', `port ${port}`);
    }
    url.hash = '';
    return url;
  }

  private async send(
    url: URL,
    signal: AbortSignal,
    sent: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string },
  ) {
    try {
      return await request(url, {
        method: sent.method,
        dispatcher: this.agent,
        signal,
        headers: {
          'user-agent': this.userAgent,
          'accept-language': 'en,ja;q=0.8,*;q=0.5',
          ...sent.headers,
        },
        ...(sent.body !== undefined && { body: sent.body }),
      });
    } catch (error) {
      throw translateError(error, signal);
    }
  }

  private async readBody(
    response: Awaited<ReturnType<typeof request>>,
    signal: AbortSignal,
    maxBytes: number,
  ): Promise<Buffer> {
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      response.body.destroy();
      throw new OutboundFetchError('too_large', `${declared} bytes announced`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of response.body) {
        size += (chunk as Buffer).length;
        if (size > maxBytes) {
          response.body.destroy();
          throw new OutboundFetchError('too_large', `over ${maxBytes} bytes`);
        }
        chunks.push(chunk as Buffer);
      }
    } catch (error) {
      throw translateError(error, signal);
    }
    return Buffer.concat(chunks);
  }

  close(): Promise<void> {
    return this.agent.close();
  }
}

function statusFailure(status: number): OutboundFetchError {
  if (status === 404 || status === 410) return new OutboundFetchError('not_found', `status ${status}`);
  if (status === 429 || status >= 500) return new OutboundFetchError('site_error', `status ${status}`);
  return new OutboundFetchError('refused_by_site', `status ${status}`);
}

function parseContentType(header: string | string[] | undefined): {
  type: string;
  charset: string | undefined;
} {
  const value = Array.isArray(header) ? header[0] : header;
  const [type = '', ...parameters] = (value ?? '').split(';');
  const charset = parameters
    .map((parameter) => parameter.trim().match(/^charset\s*=\s*"?([^";\s]+)"?$/i)?.[1])
    .find(Boolean);
  return { type: type.trim().toLowerCase(), charset: charset?.toLowerCase() };
}

function translateError(error: unknown, signal: AbortSignal): OutboundFetchError {
  if (error instanceof OutboundFetchError) return error;
  const cause = error instanceof Error ? error.cause : undefined;
  if (cause instanceof OutboundFetchError) return cause;
  if (
    signal.aborted ||
    error instanceof errors.HeadersTimeoutError ||
    error instanceof errors.BodyTimeoutError ||
    error instanceof errors.ConnectTimeoutError
  ) {
    return new OutboundFetchError('timeout', 'no answer in time', { cause: error });
  }
  const code = (error as { code?: unknown } | null)?.code ?? (cause as { code?: unknown } | undefined)?.code;
  if (code === 'ENOTFOUND') return new OutboundFetchError('unknown_host', code, { cause: error });
  const detail = typeof code === 'string' ? code : 'connection failed';
  return new OutboundFetchError('unreachable', detail, { cause: error });
}
