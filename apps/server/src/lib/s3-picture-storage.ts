import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { checkedKey, checkedPrefix, contentTypeOf, type PictureStorage } from './picture-storage.js';

export type S3PictureStorageOptions = {
  /** The service's address, such as `https://s3.eu-west-1.amazonaws.com` or `http://127.0.0.1:9000`. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Sends the signed requests; the global `fetch` unless given. */
  fetch?: typeof fetch;
};

/**
 * Pictures as objects in an S3-compatible bucket, reached with path-style addresses
 * (`<endpoint>/<bucket>/<key>`) so that services without per-bucket host names (MinIO, Ceph, most local
 * stand-ins) work the same as AWS. Every request is signed with Signature Version 4.
 */
export function s3PictureStorage(options: S3PictureStorageOptions): PictureStorage {
  const send = options.fetch ?? fetch;
  const signer = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    service: 's3',
    region: options.region,
  });
  const bucketUrl = `${options.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(options.bucket)}`;
  const objectUrl = (key: string) =>
    `${bucketUrl}/${checkedKey(key).split('/').map(encodeURIComponent).join('/')}`;

  // Signing and sending are separate steps so that the caller's `fetch` is used; the client's own
  // `fetch` would always use the global one.
  async function request(
    method: string,
    url: string,
    headers: Record<string, string> = {},
    body?: RequestInit['body'],
  ) {
    return send(await signer.sign(url, { method, headers, body }));
  }

  return {
    kind: 's3',
    async put(key, body, contentType) {
      const url = objectUrl(key);
      // Signing the body's hash, rather than sending it unsigned, lets the service refuse a body that
      // was altered or cut short on the way.
      const payloadHash = createHash('sha256').update(body).digest('hex');
      const headers = { 'content-type': contentType, 'x-amz-content-sha256': payloadHash };
      const response = await request('PUT', url, headers, body);
      if (!response.ok) throw await failure('PUT', key, response);
      await response.body?.cancel();
    },
    async get(key) {
      const response = await request('GET', objectUrl(key));
      if (response.status === 404) {
        await response.body?.cancel();
        return undefined;
      }
      if (!response.ok) throw await failure('GET', key, response);
      return {
        body: Buffer.from(await response.arrayBuffer()),
        contentType: response.headers.get('content-type') ?? contentTypeOf(key),
      };
    },
    async exists(key) {
      const response = await request('HEAD', objectUrl(key));
      if (response.status !== 200 && response.status !== 404) throw await failure('HEAD', key, response);
      await response.body?.cancel();
      return response.status === 200;
    },
    async delete(key) {
      const response = await request('DELETE', objectUrl(key));
      // S3 answers 204 whether or not the object was there; some compatible services answer 404 instead.
      if (!response.ok && response.status !== 404) throw await failure('DELETE', key, response);
      await response.body?.cancel();
    },
    async list(prefix) {
      checkedPrefix(prefix);
      const keys: string[] = [];
      let continuationToken: string | undefined;
      do {
        const query = new URLSearchParams({ 'list-type': '2', prefix });
        if (continuationToken !== undefined) query.set('continuation-token', continuationToken);
        const response = await request('GET', `${bucketUrl}?${query}`);
        if (!response.ok) throw await failure('LIST', prefix, response);
        const page = parseListPage(await response.text());
        // A zero-byte object whose key ends in `/` is a folder marker some consoles create, not a picture;
        // the disk storage does not list folders either.
        keys.push(...page.keys.filter((key) => !key.endsWith('/')));
        if (page.isTruncated && page.nextContinuationToken === undefined) {
          throw new Error(`S3 LIST ${prefix} said there was more but gave no continuation token`);
        }
        continuationToken = page.isTruncated ? page.nextContinuationToken : undefined;
      } while (continuationToken !== undefined);
      return keys;
    },
  };
}

/**
 * An error naming what was asked and how the service answered, with the error code from its XML body
 * when there is one. It leaves out the request's headers so that no credential can end up in a log.
 */
async function failure(operation: string, key: string, response: Response): Promise<Error> {
  const text = await response.text().catch(() => '');
  const code = firstElement(text, 'Code');
  return new Error(`S3 ${operation} ${key} answered ${response.status}${code ? ` (${code})` : ''}`);
}

type ListPage = { keys: string[]; isTruncated: boolean; nextContinuationToken: string | undefined };

/**
 * Reads a ListObjectsV2 answer. Its shape is small and fixed, so a few patterns are enough; no element
 * this reads can hold nested elements.
 */
function parseListPage(xml: string): ListPage {
  const keys = [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => decodeXmlText(match[1] ?? ''));
  return {
    keys,
    isTruncated: firstElement(xml, 'IsTruncated') === 'true',
    nextContinuationToken: firstElement(xml, 'NextContinuationToken'),
  };
}

function firstElement(xml: string, name: string): string | undefined {
  const match = new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml);
  return match ? decodeXmlText(match[1] ?? '') : undefined;
}

const XML_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Undoes XML's escaping in one pass, so that `&amp;lt;` becomes `&lt;` and not `<`. */
function decodeXmlText(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|apos);/g, (_, name: string) => XML_ENTITIES[name] ?? '');
}
