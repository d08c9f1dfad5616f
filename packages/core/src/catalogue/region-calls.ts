import { z } from 'zod';
import { defineCall } from '../contract/index.js';
import { countryCodeSchema, regionSchema } from './schemas.js';

const regionsAnswer = z.object({ regions: z.array(regionSchema) });
const countryCodeAnswer = z.object({ countryCode: z.string() });

/** Regions (docs/rules/catalogue-and-regions.md): where the store sells, the default, and the shopper's preferred one. */
export const regionCalls = {
  all: defineCall({
    method: 'get',
    path: '/region',
    tag: 'region',
    summary: 'Every region, enabled or not',
    responses: { 200: regionsAnswer },
  }),
  enabled: defineCall({
    method: 'get',
    path: '/region/enabled',
    tag: 'region',
    summary: 'The regions shoppers may choose',
    responses: { 200: regionsAnswer },
  }),
  default: defineCall({
    method: 'get',
    path: '/region/default',
    tag: 'region',
    summary: 'The region used when a shopper has chosen none',
    responses: { 200: z.object({ region: regionSchema }) },
  }),
  preferred: defineCall({
    method: 'get',
    path: '/region/preferred',
    tag: 'region',
    summary: "The shopper's preferred region, else the default region",
    responses: { 200: countryCodeAnswer },
  }),
  prefer: defineCall({
    method: 'post',
    path: '/region/prefer',
    tag: 'region',
    summary: 'Choose a preferred region: kept on the account when signed in, and in a cookie',
    body: z.object({ countryCode: countryCodeSchema }),
    responses: { 200: countryCodeAnswer },
  }),
};
