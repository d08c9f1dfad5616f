import { z } from 'zod';
import { defineCall } from '../contract/index.js';
import { externalLinkSchema, externalLookupSchema, linkPreviewSchema } from './schemas.js';

/** Products on other sites, looked up by link, and link previews (docs/rules/quotations.md). Signed-in shoppers only. */
export const externalCalls = {
  search: defineCall({
    method: 'post',
    path: '/product/searchExternal',
    tag: 'product',
    summary: 'Look up a product on another site by link',
    description:
      'A link already read answers 200 with status `done` (or `failed` with the reason). A new link ' +
      'answers 202 with status `pending` while a background job reads the page; poll ' +
      '`GET /product/checkPending`. A failed lookup is tried again when the link is searched again ' +
      'ten minutes or more after it failed. The link is kept normalised: scheme and host lower case, ' +
      'no fragment, no click-tracking parameters (utm_*, fbclid, gclid, ...).',
    body: z.object({ link: externalLinkSchema }),
    responses: { 200: externalLookupSchema, 202: externalLookupSchema },
  }),
  checkPending: defineCall({
    method: 'get',
    path: '/product/checkPending',
    tag: 'product',
    summary: 'Where the lookup of a link stands: pending, done (with the product) or failed (with why)',
    query: z.object({ link: externalLinkSchema }),
    responses: { 200: externalLookupSchema },
  }),
  preview: defineCall({
    method: 'post',
    path: '/opengraph',
    tag: 'functions',
    summary: "A link's preview: title, description, picture and site name, kept for a day",
    description:
      'Reads the page through the store’s outbound-fetch guard. A page that cannot be read answers ' +
      '400 `external/fetch_failed` with the reason, or `external/blocked_address`.',
    body: z.object({ url: externalLinkSchema }),
    responses: { 200: linkPreviewSchema },
  }),
};
