import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AwsV4Signer } from 'aws4fetch';

/**
 * An S3-compatible service on 127.0.0.1 holding one bucket, answering the calls the picture storage makes
 * with path-style addresses: PUT, GET, HEAD and DELETE of an object, and ListObjectsV2 with `prefix`,
 * `max-keys` and continuation tokens. Like the real service it checks every request's Signature Version 4
 * against its own secret, the signed payload hash against the body, and the signing time against its
 * clock, and answers refusals with S3's XML error bodies. Anything else is answered 501, so that a call
 * the stand-in does not model fails loudly instead of passing by accident.
 */
export type S3StandIn = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The bucket's objects by key; tests may read and change it directly. */
  objects: Map<string, StandInObject>;
  /** Every request received, signed or not, by method and request target (path and query). */
  requests: { method: string; path: string }[];
  close(): Promise<void>;
};

export type StandInObject = { body: Buffer; contentType: string };

export type S3StandInOptions = {
  accessKeyId?: string;
  secretAccessKey?: string;
  region?: string;
  bucket?: string;
  /**
   * The most keys one ListObjectsV2 answer holds, whatever `max-keys` asks. The real service stops at
   * 1000; a smaller page lets a test reach the second page with a few objects.
   */
  largestPage?: number;
};

const DEFAULT_MAX_KEYS = 1000;
/** How far the signing time may be from the stand-in's clock, as on the real service. */
const ALLOWED_CLOCK_SKEW_MS = 15 * 60 * 1000;
const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/\d{8}\/[^/,\s]+\/s3\/aws4_request, SignedHeaders=([a-z0-9;-]+), Signature=[0-9a-f]{64}$/;

class S3Failure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export async function startS3StandIn(options: S3StandInOptions = {}): Promise<S3StandIn> {
  const accessKeyId = options.accessKeyId ?? 'STANDINACCESSKEY';
  const secretAccessKey = options.secretAccessKey ?? randomBytes(20).toString('base64url');
  const region = options.region ?? 'us-east-1';
  const bucket = options.bucket ?? 'pictures';
  const largestPage = options.largestPage ?? DEFAULT_MAX_KEYS;
  const objects = new Map<string, StandInObject>();
  const requests: { method: string; path: string }[] = [];

  /** Refuses a request unless it carries this stand-in's credentials and a signature that matches it. */
  async function checkSignature(request: IncomingMessage, body: Buffer): Promise<void> {
    const authorization = request.headers.authorization;
    if (authorization === undefined) throw new S3Failure(403, 'AccessDenied', 'Access Denied');
    const parts = AUTHORIZATION.exec(authorization);
    if (!parts) throw new S3Failure(403, 'AccessDenied', 'The authorization header is malformed');
    const [, credentialKeyId = '', signedHeaderList = ''] = parts;
    if (credentialKeyId !== accessKeyId) {
      throw new S3Failure(403, 'InvalidAccessKeyId', 'The access key ID you provided does not exist');
    }
    const amzDate = headerValue(request, 'x-amz-date');
    const payloadHash = headerValue(request, 'x-amz-content-sha256');
    const host = headerValue(request, 'host');
    if (amzDate === undefined || payloadHash === undefined || host === undefined) {
      throw new S3Failure(400, 'InvalidRequest', 'Missing x-amz-date, x-amz-content-sha256 or host');
    }
    const signedAt = timeOfAmzDate(amzDate);
    if (signedAt === undefined || Math.abs(Date.now() - signedAt) > ALLOWED_CLOCK_SKEW_MS) {
      throw new S3Failure(
        403,
        'RequestTimeTooSkewed',
        'The difference between the request time and now is too large',
      );
    }

    // Sign again what was received, with this stand-in's secret: the headers the client says it signed,
    // with the values that arrived. The host comes from the URL, as the signer reads it from there.
    const headers = new Headers({ 'x-amz-date': amzDate, 'x-amz-content-sha256': payloadHash });
    for (const name of signedHeaderList.split(';')) {
      const value = headerValue(request, name);
      if (name !== 'host' && value !== undefined) headers.set(name, value);
    }
    const expected = await new AwsV4Signer({
      method: request.method ?? 'GET',
      url: `http://${host}${request.url ?? '/'}`,
      headers,
      accessKeyId,
      secretAccessKey,
      service: 's3',
      region,
      datetime: amzDate,
    }).authHeader();
    if (!sameText(expected, authorization)) {
      throw new S3Failure(
        403,
        'SignatureDoesNotMatch',
        'The request signature we calculated does not match the signature you provided',
      );
    }

    if (payloadHash === 'UNSIGNED-PAYLOAD') return;
    if (!/^[0-9a-f]{64}$/.test(payloadHash)) {
      throw new S3Failure(
        400,
        'InvalidArgument',
        'x-amz-content-sha256 must be UNSIGNED-PAYLOAD or a SHA-256',
      );
    }
    if (createHash('sha256').update(body).digest('hex') !== payloadHash) {
      throw new S3Failure(400, 'XAmzContentSHA256Mismatch', "The body's SHA-256 is not the one signed");
    }
  }

  function listObjects(url: URL, response: ServerResponse): void {
    const prefix = url.searchParams.get('prefix') ?? '';
    const maxKeysText = url.searchParams.get('max-keys');
    if (maxKeysText !== null && !/^\d+$/.test(maxKeysText)) {
      throw new S3Failure(400, 'InvalidArgument', 'max-keys must be a whole number');
    }
    const maxKeys = maxKeysText === null ? DEFAULT_MAX_KEYS : Number(maxKeysText);
    const continuationToken = url.searchParams.get('continuation-token');
    const startAfter = continuationToken === null ? undefined : keyOfToken(continuationToken);

    const matching = [...objects.keys()]
      .filter((key) => key.startsWith(prefix) && (startAfter === undefined || key > startAfter))
      .sort();
    const page = matching.slice(0, Math.min(maxKeys, largestPage));
    const lastKey = page.at(-1);
    const isTruncated = lastKey !== undefined && matching.length > page.length;

    const contents = page.map((key) => {
      const object = objects.get(key)!;
      return (
        `<Contents><Key>${escapeXml(key)}</Key><ETag>${escapeXml(etagOf(object.body))}</ETag>` +
        `<Size>${object.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`
      );
    });
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">' +
      `<Name>${escapeXml(bucket)}</Name><Prefix>${escapeXml(prefix)}</Prefix>` +
      `<KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys>` +
      `<IsTruncated>${isTruncated}</IsTruncated>` +
      (continuationToken === null
        ? ''
        : `<ContinuationToken>${escapeXml(continuationToken)}</ContinuationToken>`) +
      (isTruncated
        ? `<NextContinuationToken>${escapeXml(tokenOfKey(lastKey))}</NextContinuationToken>`
        : '') +
      contents.join('') +
      '</ListBucketResult>';
    response.writeHead(200, { 'content-type': 'application/xml' }).end(xml);
  }

  function objectRequest(
    method: string,
    key: string,
    body: Buffer,
    request: IncomingMessage,
    response: ServerResponse,
  ) {
    const object = objects.get(key);
    switch (method) {
      case 'PUT': {
        // The real service keeps objects sent without a content type as `binary/octet-stream`.
        const contentType = headerValue(request, 'content-type') ?? 'binary/octet-stream';
        objects.set(key, { body, contentType });
        response.writeHead(200, { etag: etagOf(body) }).end();
        return;
      }
      case 'GET':
      case 'HEAD': {
        if (!object) throw new S3Failure(404, 'NoSuchKey', 'The specified key does not exist.');
        response.writeHead(200, {
          'content-type': object.contentType,
          'content-length': object.body.length,
          etag: etagOf(object.body),
        });
        response.end(method === 'GET' ? object.body : undefined);
        return;
      }
      case 'DELETE':
        objects.delete(key);
        response.writeHead(204).end();
        return;
      default:
        throw new S3Failure(405, 'MethodNotAllowed', `${method} is not allowed on an object`);
    }
  }

  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? 'GET';
    const target = request.url ?? '/';
    requests.push({ method, path: target });
    const body = await bodyOf(request);
    await checkSignature(request, body);

    const url = new URL(target, 'http://stand-in');
    const [, bucketSegment = '', ...keySegments] = url.pathname.split('/');
    if (decodeURIComponent(bucketSegment) !== bucket) {
      throw new S3Failure(404, 'NoSuchBucket', 'The specified bucket does not exist');
    }
    const key = keySegments.map(decodeURIComponent).join('/');
    if (key === '') {
      if (method === 'GET' && url.searchParams.get('list-type') === '2') return listObjects(url, response);
      throw new S3Failure(501, 'NotImplemented', 'Only ListObjectsV2 is modelled on the bucket');
    }
    if (url.search !== '') {
      throw new S3Failure(501, 'NotImplemented', 'Object subresources and options are not modelled');
    }
    objectRequest(method, key, body, request, response);
  }

  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      const failure =
        error instanceof S3Failure
          ? error
          : new S3Failure(500, 'InternalError', 'We encountered an internal error.');
      const xml =
        '<?xml version="1.0" encoding="UTF-8"?>\n' +
        `<Error><Code>${failure.code}</Code><Message>${escapeXml(failure.message)}</Message>` +
        `<Resource>${escapeXml(request.url ?? '/')}</Resource><RequestId>stand-in</RequestId></Error>`;
      response.writeHead(failure.status, { 'content-type': 'application/xml' });
      // Answers to HEAD carry no body, errors included.
      response.end(request.method === 'HEAD' ? undefined : xml);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Clients keep connections open for reuse; closing them lets `close` finish now.
        server.closeAllConnections();
      }),
  };
}

function headerValue(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The time an `x-amz-date` (`20240102T030405Z`) names, or undefined when it is not one. */
function timeOfAmzDate(amzDate: string): number | undefined {
  const parts = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!parts) return undefined;
  const [, year, month, day, hour, minute, second] = parts.map(Number) as number[];
  return Date.UTC(year!, month! - 1, day, hour, minute, second);
}

/** Compares in time independent of where the texts differ, as a signature check should. */
function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Continuation tokens are opaque to clients; this one carries the last key of the page it follows. */
function tokenOfKey(key: string): string {
  return Buffer.from(key).toString('base64url');
}

function keyOfToken(token: string): string {
  const key = Buffer.from(token, 'base64url').toString();
  if (key === '' || tokenOfKey(key) !== token) {
    throw new S3Failure(400, 'InvalidArgument', 'The continuation token provided is incorrect');
  }
  return key;
}

function etagOf(body: Buffer): string {
  return `"${createHash('md5').update(body).digest('hex')}"`;
}

const XML_ESCAPES: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  '"': '&quot;',
  "'": '&apos;',
};

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (character) => XML_ESCAPES[character] ?? character);
}
