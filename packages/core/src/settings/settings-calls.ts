import { z } from 'zod';
import { countryCodeSchema } from '../catalogue/schemas.js';
import { defineCall } from '../contract/index.js';
import { carrierListSchema } from '../order/shipping.js';
import { currencyCodeSchema } from '../validation/wire.js';
import {
  adminRegionSchema,
  createRegionSchema,
  createShippingRuleSchema,
  csvImportRefusalSchema,
  exchangeRateSchema,
  importExchangeRatesSchema,
  setExchangeRateSchema,
  shippingLocationSettingsSchema,
  shippingRuleResponseSchema,
  shippingRuleSchema,
  storeSettingsSchema,
  storeSettingsUpdateSchema,
  taxRateResponseSchema,
  taxRateSettingsSchema,
  updateRegionSchema,
  updateShippingLocationSchema,
} from './schemas.js';

const generalSettingsSchema = z.object({ settings: storeSettingsSchema, defaults: storeSettingsSchema });
const regionParams = z.object({ countryCode: z.string().max(8) });
const idParams = z.object({ id: z.string().max(64) });
const taxRateParams = z.object({ countryCode: countryCodeSchema });
const rateChangeSchema = z.object({
  currency: currencyCodeSchema,
  before: z.string().nullable(),
  after: z.string(),
});

/** The store's set-up, admins only: regions, rates, delivery, tax, carriers and the general rules. */
export const settingsCalls = {
  general: defineCall({
    method: 'get',
    path: '/admin/settings/general',
    tag: 'admin',
    summary: "The store's general rules, and the values the server's environment gives a new store",
    responses: { 200: generalSettingsSchema },
  }),
  updateGeneral: defineCall({
    method: 'patch',
    path: '/admin/settings/general',
    tag: 'admin',
    summary: 'Change some general rules; the next quote or address follows them',
    description:
      'Lowering `maxAddressesPerUser` deletes nobody’s addresses: it only stops adding beyond the new ' +
      'limit. A new `quoteValidDays` or `quoteFeePercent` applies to quotes given from now on. Lowering ' +
      'what one shopper may hold (`maxUnpaidOrders`, `maxUnitsHeldPerItem`, `maxOrdersPerHour`, ' +
      '`maxOpenCheckouts`) cancels nothing: it refuses only what would add to it.',
    body: storeSettingsUpdateSchema,
    responses: { 200: generalSettingsSchema },
  }),
  regions: defineCall({
    method: 'get',
    path: '/admin/settings/regions',
    tag: 'admin',
    summary: 'Every region with its currency, whether it is on sale, and its rate',
    responses: { 200: z.object({ baseCurrency: currencyCodeSchema, regions: z.array(adminRegionSchema) }) },
  }),
  createRegion: defineCall({
    method: 'post',
    path: '/admin/settings/regions',
    tag: 'admin',
    summary: 'Add a region (a country and the currency its prices are shown in)',
    body: createRegionSchema,
    responses: { 201: z.object({ region: adminRegionSchema }) },
  }),
  updateRegion: defineCall({
    method: 'patch',
    path: '/admin/settings/regions/{countryCode}',
    tag: 'admin',
    summary: 'Change a region: its currency, whether it is on sale, its place, or make it the default',
    params: regionParams,
    body: updateRegionSchema,
    responses: { 200: z.object({ region: adminRegionSchema }) },
  }),
  exchangeRates: defineCall({
    method: 'get',
    path: '/admin/settings/exchange_rates',
    tag: 'admin',
    summary: 'The exchange rates from the base currency, as exact decimals',
    responses: { 200: z.object({ baseCurrency: currencyCodeSchema, rates: z.array(exchangeRateSchema) }) },
  }),
  setExchangeRate: defineCall({
    method: 'put',
    path: '/admin/settings/exchange_rates/{currency}',
    tag: 'admin',
    summary: 'Set the rate of one currency: units of it per one unit of the base currency',
    description: 'Prices computed from now on use it; quotes already given keep their prices.',
    params: z.object({ currency: z.string().max(8) }),
    body: setExchangeRateSchema,
    responses: { 200: z.object({ rate: exchangeRateSchema }) },
  }),
  importExchangeRates: defineCall({
    method: 'post',
    path: '/admin/settings/exchange_rates/import',
    tag: 'admin',
    summary: 'Import rates from CSV text: every line or none',
    description:
      'One `currency,rate` per line (an optional header line, quoted fields, CRLF and a byte-order ' +
      'mark are fine). A file with any wrong line changes nothing and answers 400 ' +
      '`settings/csv_invalid` with every wrong line, numbered from 1.',
    body: importExchangeRatesSchema,
    responses: {
      200: z.object({ changes: z.array(rateChangeSchema), rates: z.array(exchangeRateSchema) }),
      400: csvImportRefusalSchema,
    },
  }),
  shipping: defineCall({
    method: 'get',
    path: '/admin/settings/shipping',
    tag: 'admin',
    summary: 'Every shipping location with the fee rules checkout uses for it',
    responses: { 200: z.object({ locations: z.array(shippingLocationSettingsSchema) }) },
  }),
  setLocationEnabled: defineCall({
    method: 'patch',
    path: '/admin/settings/shipping/locations/{id}',
    tag: 'admin',
    summary: 'Open or close delivery to a shipping location',
    params: idParams,
    body: updateShippingLocationSchema,
    responses: { 204: null },
  }),
  createShippingRule: defineCall({
    method: 'post',
    path: '/admin/settings/shipping/rules',
    tag: 'admin',
    summary: 'Add a fee rule for a location, from one origin country or (null) from anywhere',
    body: createShippingRuleSchema,
    responses: { 201: z.object({ rule: shippingRuleResponseSchema }) },
  }),
  updateShippingRule: defineCall({
    method: 'put',
    path: '/admin/settings/shipping/rules/{id}',
    tag: 'admin',
    summary: 'Change a fee rule',
    params: idParams,
    body: shippingRuleSchema,
    responses: { 200: z.object({ rule: shippingRuleResponseSchema }) },
  }),
  deleteShippingRule: defineCall({
    method: 'delete',
    path: '/admin/settings/shipping/rules/{id}',
    tag: 'admin',
    summary: 'Remove a fee rule',
    params: idParams,
    responses: { 204: null },
  }),
  taxRates: defineCall({
    method: 'get',
    path: '/admin/settings/tax_rates',
    tag: 'admin',
    summary: 'The tax rate of each region that has one',
    responses: { 200: z.object({ taxRates: z.array(taxRateResponseSchema) }) },
  }),
  setTaxRate: defineCall({
    method: 'put',
    path: '/admin/settings/tax_rates/{countryCode}',
    tag: 'admin',
    summary: "Set a region's tax: its name, rate, and whether prices include it",
    params: taxRateParams,
    body: taxRateSettingsSchema,
    responses: { 200: z.object({ taxRate: taxRateResponseSchema }) },
  }),
  deleteTaxRate: defineCall({
    method: 'delete',
    path: '/admin/settings/tax_rates/{countryCode}',
    tag: 'admin',
    summary: "Remove a region's tax",
    params: taxRateParams,
    responses: { 204: null },
  }),
  carriers: defineCall({
    method: 'get',
    path: '/admin/settings/carriers',
    tag: 'admin',
    summary: 'The carriers orders ship with, each with its tracking page address',
    responses: { 200: carrierListSchema },
  }),
  saveCarriers: defineCall({
    method: 'put',
    path: '/admin/settings/carriers',
    tag: 'admin',
    summary: 'Replace the carrier list; orders already shipped keep their carrier and tracking link',
    description:
      'Each carrier has a name (once in the list, whatever its case) and an https address of its ' +
      'tracking page holding `{tracking}` where the tracking number goes.',
    body: carrierListSchema,
    responses: { 200: carrierListSchema },
  }),
};
