import { AppError } from '@crossbuy/core/errors';
import {
  EXTERNAL_LINK_MAX_LENGTH,
  type ExternalLookup,
  type ExternalProduct,
  type LinkPreview,
  marketplaceOfHost,
  normaliseExternalLink,
} from '@crossbuy/core/external';
import { isCurrencyCode } from '@crossbuy/core/money';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { type OutboundFailure, OutboundFetchError, type OutboundFetcher } from '../../lib/guarded-fetch.js';
import { readPageMetadata } from '../../lib/page-metadata.js';
import type { RateLimitRule } from '../../plugins/rate-limit.js';
import { enqueueJob, type JobContext, type JobQueue } from '../jobs/job-queue.js';
import {
  copyExternalPicture,
  externalProductPictureKey,
  type PictureCopying,
  storedPictureUrl,
} from './external-pictures.js';
import { type ExternalProductRow, externalProducts, linkPreviews } from './external-products.table.js';

export const EXTERNAL_LOOKUP_JOB = 'external.lookup';
/** Tries of a lookup whose failures may pass (timeouts, a site's 5xx), about 10 s, 20 s and 40 s apart. */
export const EXTERNAL_LOOKUP_MAX_ATTEMPTS = 4;
/** A failed lookup is kept this long; searching the link again after it tries again. */
export const FAILED_LOOKUP_RETRY_AFTER_MINUTES = 10;
const PREVIEW_KEEP_HOURS = 24;

/**
 * Per-shopper limits of the calls that make the store fetch other sites. Looking up, previewing and
 * copying a picture cost an outbound fetch each (unless known or cached); checking is what a page polls
 * while a lookup runs.
 */
export const EXTERNAL_LIMITS = {
  lookupsPerUser: { name: 'external-lookup:user', max: 30, windowSeconds: 10 * 60 },
  checksPerUser: { name: 'external-check:user', max: 300, windowSeconds: 5 * 60 },
  previewsPerUser: { name: 'link-preview:user', max: 30, windowSeconds: 10 * 60 },
  /** Pictures copied when a quote is asked with a picture the store has no copy of yet. */
  picturesPerUser: { name: 'external-picture:user', max: 30, windowSeconds: 10 * 60 },
} as const satisfies Record<string, RateLimitRule>;

/** Why a page could not be read, in the shopper's words: the parameter of `external/fetch_failed`. */
const FAILURE_REASONS: Record<OutboundFailure | 'unexpected', string> = {
  invalid_url: 'the link is not a web page address',
  blocked_address: 'the link points to an address we do not fetch',
  timeout: 'the site took too long to answer',
  too_large: 'the page is too large to read',
  not_html: 'the link is not a web page',
  not_picture: 'the link is not a picture',
  not_found: 'the site says the page does not exist',
  refused_by_site: 'the site refused to show us the page',
  site_error: 'the site had a problem answering; please try again later',
  too_many_redirects: 'the link redirects too many times',
  unknown_host: 'the site could not be found',
  unreachable: 'we could not connect to the site; please try again later',
  unexpected: 'something went wrong on our side; please try again later',
};

export function failureReason(error: unknown): string {
  return FAILURE_REASONS[error instanceof OutboundFetchError ? error.failure : 'unexpected'];
}

/** The link as the store keeps it, or 400 `external/invalid_link`. */
export function storedLink(link: string): URL {
  const normalised = normaliseExternalLink(link);
  if (normalised === null || normalised.length > EXTERNAL_LINK_MAX_LENGTH) {
    throw new AppError('external/invalid_link');
  }
  return new URL(normalised);
}

/** Refuses up front what the guard would refuse before connecting, so no lookup is queued for it. */
function precheck(fetcher: OutboundFetcher, url: URL): void {
  try {
    fetcher.precheck(url.href);
  } catch (error) {
    if (error instanceof OutboundFetchError && error.failure === 'blocked_address') {
      throw new AppError('external/blocked_address');
    }
    throw new AppError('external/invalid_link');
  }
}

export function toExternalProduct(row: ExternalProductRow): ExternalProduct {
  const currency = row.priceCurrency;
  return {
    id: row.id,
    url: row.url,
    host: row.host,
    marketplace: row.marketplace,
    status: row.status,
    failureReason: row.status === 'failed' ? row.failureReason : null,
    name: row.name,
    description: row.description,
    images: row.images,
    picture: storedPictureUrl(row.picture),
    price:
      row.priceMinor !== null && isCurrencyCode(currency) ? { amountMinor: row.priceMinor, currency } : null,
    fetchedAt: row.fetchedAt?.toISOString() ?? null,
  };
}

function lookup(row: ExternalProductRow): ExternalLookup {
  return { status: row.status, product: toExternalProduct(row) };
}

type LookupDependencies = { db: Database; jobs: JobQueue; fetcher: OutboundFetcher };

function queueLookup(db: Database, productId: string) {
  // One queued or running lookup per product, however many shoppers paste the link at once.
  return enqueueJob(db, EXTERNAL_LOOKUP_JOB, {
    payload: { productId },
    maxAttempts: EXTERNAL_LOOKUP_MAX_ATTEMPTS,
    singletonKey: `${EXTERNAL_LOOKUP_JOB}:${productId}`,
  });
}

/**
 * POST /product/searchExternal: a link already read answers at once (`queued: false`); a new link, or
 * one whose lookup failed over {@link FAILED_LOOKUP_RETRY_AFTER_MINUTES} ago, gets a pending product and
 * a lookup job, written together. A burst of the same new link makes one row and one job.
 */
export async function searchExternal(
  { db, jobs, fetcher }: LookupDependencies,
  link: string,
): Promise<{ lookup: ExternalLookup; queued: boolean }> {
  const url = storedLink(link);
  precheck(fetcher, url);
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(externalProducts)
      .values({ url: url.href, host: url.hostname, marketplace: marketplaceOfHost(url.hostname) })
      .onConflictDoNothing({ target: externalProducts.url })
      .returning();
    if (row) await queueLookup(tx, row.id);
    return row;
  });
  if (created) {
    jobs.notify();
    return { lookup: lookup(created), queued: true };
  }

  const retried = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(externalProducts)
      .set({ status: 'pending', failureReason: null, updatedAt: sql`now()` })
      .where(
        and(
          eq(externalProducts.url, url.href),
          eq(externalProducts.status, 'failed'),
          lt(
            externalProducts.updatedAt,
            sql`now() - make_interval(mins => ${FAILED_LOOKUP_RETRY_AFTER_MINUTES})`,
          ),
        ),
      )
      .returning();
    if (row) await queueLookup(tx, row.id);
    return row;
  });
  if (retried) {
    jobs.notify();
    return { lookup: lookup(retried), queued: true };
  }

  const [existing] = await db.select().from(externalProducts).where(eq(externalProducts.url, url.href));
  if (!existing) throw new AppError('external/not_found');
  // A pending product whose lookup was given up (its process kept dying) gets a new one; otherwise the
  // singleton key makes this a no-op.
  if (existing.status === 'pending' && (await queueLookup(db, existing.id))) jobs.notify();
  return { lookup: lookup(existing), queued: existing.status === 'pending' };
}

/** GET /product/checkPending: where the lookup of `link` stands, or 404 for a link never searched. */
export async function checkPending(db: Database, link: string): Promise<ExternalLookup> {
  const url = storedLink(link);
  const [row] = await db.select().from(externalProducts).where(eq(externalProducts.url, url.href));
  if (!row) throw new AppError('external/not_found');
  return lookup(row);
}

type LookupJobDependencies = Omit<PictureCopying, 'log'> & { db: Database };

/**
 * The `external.lookup` job: fetches the product's page through the guard and stores what it says, with
 * a copy of its first picture (one try: a picture that cannot be copied leaves the product without one).
 * Failures of the page that may pass are thrown, for the queue to retry with backoff, until the last
 * attempt; the others (a blocked address, a missing page) and the last attempt's are stored as the
 * product's failure at once. It only ever moves a pending product, so a run repeated after a crash
 * changes nothing but the picture's file, written again under the same name.
 */
export async function runExternalLookup(
  dependencies: LookupJobDependencies,
  { payload, attempt, signal, log }: JobContext,
): Promise<void> {
  const { db } = dependencies;
  const { productId } = payload as { productId: string };
  const [product] = await db.select().from(externalProducts).where(eq(externalProducts.id, productId));
  if (product?.status !== 'pending') return;
  const stillPending = and(eq(externalProducts.id, productId), eq(externalProducts.status, 'pending'));
  try {
    const page = await dependencies.fetcher.fetchPage(product.url, { signal });
    const metadata = readPageMetadata(page.body, page.url, page.charset);
    const [firstImage] = metadata.images;
    const picture = firstImage
      ? await copyExternalPicture(
          { ...dependencies, log },
          firstImage,
          externalProductPictureKey(productId),
          signal,
        )
      : null;
    await db
      .update(externalProducts)
      .set({
        status: 'done',
        failureReason: null,
        name: metadata.name,
        description: metadata.description,
        images: metadata.images,
        picture,
        priceMinor: metadata.price?.amountMinor ?? null,
        priceCurrency: metadata.price?.currency ?? null,
        fetchedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(stillPending);
  } catch (error) {
    const passing = !(error instanceof OutboundFetchError) || error.retryable;
    if (passing && attempt < EXTERNAL_LOOKUP_MAX_ATTEMPTS) throw error;
    log.info({ err: error, productId, attempt }, 'external product lookup failed');
    await db
      .update(externalProducts)
      .set({ status: 'failed', failureReason: failureReason(error), updatedAt: sql`now()` })
      .where(stillPending);
  }
}

export function defineExternalLookupJob(jobs: JobQueue, dependencies: LookupJobDependencies): void {
  jobs.define({
    kind: EXTERNAL_LOOKUP_JOB,
    maxAttempts: EXTERNAL_LOOKUP_MAX_ATTEMPTS,
    handler: (context) => runExternalLookup(dependencies, context),
  });
}

/** Link previews kept a day after they expire, then pruned. */
export const staleLinkPreviews = sql`${linkPreviews.expiresAt} < now() - interval '1 day'`;

/**
 * POST /opengraph: the title, description, picture and site name of a page, read through the guard and
 * kept {@link PREVIEW_KEEP_HOURS} hours. A page that cannot be read answers 400 `external/fetch_failed`
 * with the reason (`external/blocked_address` for a refused address) and is not kept; `recentFailures`
 * remembers it in this process for a short while, so a failing link pasted again is not fetched again.
 */
export async function linkPreview(
  { db, fetcher }: { db: Database; fetcher: OutboundFetcher },
  link: string,
  recentFailures: { get(key: string): AppError | undefined; set(key: string, error: AppError): void },
): Promise<LinkPreview> {
  const url = storedLink(link);
  precheck(fetcher, url);
  const [cached] = await db
    .select()
    .from(linkPreviews)
    .where(and(eq(linkPreviews.url, url.href), gt(linkPreviews.expiresAt, sql`now()`)));
  if (cached) {
    const { title, description, image, siteName } = cached;
    return { url: cached.url, title, description, image, siteName };
  }
  const failed = recentFailures.get(url.href);
  if (failed) throw failed;

  let preview: LinkPreview;
  try {
    const page = await fetcher.fetchPage(url.href);
    const metadata = readPageMetadata(page.body, page.url, page.charset);
    preview = {
      url: url.href,
      title: metadata.name,
      description: metadata.description,
      image: metadata.images[0] ?? null,
      siteName: metadata.siteName,
    };
  } catch (error) {
    const refusal =
      error instanceof OutboundFetchError && error.failure === 'blocked_address'
        ? new AppError('external/blocked_address')
        : new AppError(
            'external/fetch_failed',
            [failureReason(error)],
            undefined,
            // Only a failure of ours is a bug worth an error in the log; a site failing is not.
            error instanceof OutboundFetchError ? undefined : { cause: error },
          );
    recentFailures.set(url.href, refusal);
    throw refusal;
  }
  const expiresAt = sql`now() + make_interval(hours => ${PREVIEW_KEEP_HOURS})`;
  const { url: key, ...fields } = preview;
  await db
    .insert(linkPreviews)
    .values({ url: key, ...fields, expiresAt })
    .onConflictDoUpdate({ target: linkPreviews.url, set: { ...fields, fetchedAt: sql`now()`, expiresAt } });
  return preview;
}
