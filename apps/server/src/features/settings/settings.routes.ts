import { countryCodeSchema } from '@crossbuy/core/catalogue';
import { toErrorEnvelope } from '@crossbuy/core/errors';
import { carrierListSchema } from '@crossbuy/core/order';
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
} from '@crossbuy/core/settings';
import { currencyCodeSchema } from '@crossbuy/core/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { guardPrivateRoutes, principalOf, requireRole } from '../../plugins/authentication.js';
import { BASE_CURRENCY } from '../regions/pricing.js';
import { readCarriers, saveCarriers } from './carrier-settings.service.js';
import {
  importExchangeRates,
  listExchangeRates,
  readRateFile,
  setExchangeRate,
} from './exchange-rates.service.js';
import { createRegion, listRegionSettings, updateRegion } from './region-settings.service.js';
import {
  createShippingRule,
  deleteShippingRule,
  deleteTaxRate,
  listShippingSettings,
  listTaxRates,
  setShippingLocationEnabled,
  setTaxRate,
  updateShippingRule,
} from './shipping-settings.service.js';
import { readStoreSettings, storeSettingDefaults, updateStoreSettings } from './store-settings.service.js';

const generalResponse = z.object({ settings: storeSettingsSchema, defaults: storeSettingsSchema });
const regionParams = z.object({ countryCode: z.string().max(8) });
const idParams = z.object({ id: z.string().max(64) });
const rateChangeSchema = z.object({
  currency: currencyCodeSchema,
  before: z.string().nullable(),
  after: z.string(),
});

/** The store's set-up (admins only), mounted under /api/admin: regions, rates, delivery, tax, general rules. */
export const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  guardPrivateRoutes(app, requireRole('admin'));
  const defaults = storeSettingDefaults(app.config);
  const actor = (request: Parameters<typeof principalOf>[0]) => principalOf(request).userId;

  app.get(
    '/settings/general',
    {
      schema: {
        tags: ['admin'],
        summary: "The store's general rules, and the values the server's environment gives a new store",
        response: { 200: generalResponse },
      },
    },
    async () => ({ settings: await readStoreSettings(app.db, defaults), defaults }),
  );

  app.patch(
    '/settings/general',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change some general rules; the next quote or address follows them',
        description:
          'Lowering `maxAddressesPerUser` deletes nobody’s addresses: it only stops adding beyond the new ' +
          'limit. A new `quoteValidDays` or `quoteFeePercent` applies to quotes given from now on. Lowering ' +
          'what one shopper may hold (`maxUnpaidOrders`, `maxUnitsHeldPerItem`, `maxOrdersPerHour`, ' +
          '`maxOpenCheckouts`) cancels nothing: it refuses only what would add to it.',
        body: storeSettingsUpdateSchema,
        response: { 200: generalResponse },
      },
    },
    async (request) => ({
      settings: await updateStoreSettings(app.db, actor(request), defaults, request.body),
      defaults,
    }),
  );

  app.get(
    '/settings/regions',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every region with its currency, whether it is on sale, and its rate',
        response: {
          200: z.object({ baseCurrency: currencyCodeSchema, regions: z.array(adminRegionSchema) }),
        },
      },
    },
    async () => ({ baseCurrency: BASE_CURRENCY, regions: await listRegionSettings(app.db) }),
  );

  app.post(
    '/settings/regions',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a region (a country and the currency its prices are shown in)',
        body: createRegionSchema,
        response: { 201: z.object({ region: adminRegionSchema }) },
      },
    },
    async (request, reply) => {
      const region = await createRegion(app.db, actor(request), request.body);
      reply.status(201);
      return { region };
    },
  );

  app.patch(
    '/settings/regions/:countryCode',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change a region: its currency, whether it is on sale, its place, or make it the default',
        params: regionParams,
        body: updateRegionSchema,
        response: { 200: z.object({ region: adminRegionSchema }) },
      },
    },
    async (request) => ({
      region: await updateRegion(
        app.db,
        actor(request),
        request.params.countryCode.toUpperCase(),
        request.body,
      ),
    }),
  );

  app.get(
    '/settings/exchange_rates',
    {
      schema: {
        tags: ['admin'],
        summary: 'The exchange rates from the base currency, as exact decimals',
        response: {
          200: z.object({ baseCurrency: currencyCodeSchema, rates: z.array(exchangeRateSchema) }),
        },
      },
    },
    async () => ({ baseCurrency: BASE_CURRENCY, rates: await listExchangeRates(app.db) }),
  );

  app.put(
    '/settings/exchange_rates/:currency',
    {
      schema: {
        tags: ['admin'],
        summary: 'Set the rate of one currency: units of it per one unit of the base currency',
        description: 'Prices computed from now on use it; quotes already given keep their prices.',
        params: z.object({ currency: z.string().max(8) }),
        body: setExchangeRateSchema,
        response: { 200: z.object({ rate: exchangeRateSchema }) },
      },
    },
    async (request) => ({
      rate: await setExchangeRate(
        app.db,
        actor(request),
        request.params.currency.toUpperCase(),
        request.body.rate,
      ),
    }),
  );

  app.post(
    '/settings/exchange_rates/import',
    {
      schema: {
        tags: ['admin'],
        summary: 'Import rates from CSV text: every line or none',
        description:
          'One `currency,rate` per line (an optional header line, quoted fields, CRLF and a byte-order ' +
          'mark are fine). A file with any wrong line changes nothing and answers 400 ' +
          '`settings/csv_invalid` with every wrong line, numbered from 1.',
        body: importExchangeRatesSchema,
        response: {
          200: z.object({ changes: z.array(rateChangeSchema), rates: z.array(exchangeRateSchema) }),
          400: csvImportRefusalSchema,
        },
      },
    },
    async (request, reply) => {
      const reading = readRateFile(request.body.csv);
      if (!reading.ok) {
        const { error } = toErrorEnvelope('settings/csv_invalid', [reading.errors.length]);
        return reply.status(400).send({ error, lines: reading.errors });
      }
      const changes = await importExchangeRates(app.db, actor(request), reading.rates);
      return { changes, rates: await listExchangeRates(app.db) };
    },
  );

  app.get(
    '/settings/shipping',
    {
      schema: {
        tags: ['admin'],
        summary: 'Every shipping location with the fee rules checkout uses for it',
        response: { 200: z.object({ locations: z.array(shippingLocationSettingsSchema) }) },
      },
    },
    async () => ({ locations: await listShippingSettings(app.db) }),
  );

  app.patch(
    '/settings/shipping/locations/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Open or close delivery to a shipping location',
        params: idParams,
        body: updateShippingLocationSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await setShippingLocationEnabled(app.db, actor(request), request.params.id, request.body.enabled);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/settings/shipping/rules',
    {
      schema: {
        tags: ['admin'],
        summary: 'Add a fee rule for a location, from one origin country or (null) from anywhere',
        body: createShippingRuleSchema,
        response: { 201: z.object({ rule: shippingRuleResponseSchema }) },
      },
    },
    async (request, reply) => {
      const { shippingLocationId, rule } = request.body;
      const created = await createShippingRule(app.db, actor(request), shippingLocationId, rule);
      reply.status(201);
      return { rule: created };
    },
  );

  app.put(
    '/settings/shipping/rules/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change a fee rule',
        params: idParams,
        body: shippingRuleSchema,
        response: { 200: z.object({ rule: shippingRuleResponseSchema }) },
      },
    },
    async (request) => ({
      rule: await updateShippingRule(app.db, actor(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/settings/shipping/rules/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Remove a fee rule',
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteShippingRule(app.db, actor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/settings/tax_rates',
    {
      schema: {
        tags: ['admin'],
        summary: 'The tax rate of each region that has one',
        response: { 200: z.object({ taxRates: z.array(taxRateResponseSchema) }) },
      },
    },
    async () => ({ taxRates: await listTaxRates(app.db) }),
  );

  app.put(
    '/settings/tax_rates/:countryCode',
    {
      schema: {
        tags: ['admin'],
        summary: "Set a region's tax: its name, rate, and whether prices include it",
        params: z.object({ countryCode: countryCodeSchema }),
        body: taxRateSettingsSchema,
        response: { 200: z.object({ taxRate: taxRateResponseSchema }) },
      },
    },
    async (request) => ({
      taxRate: await setTaxRate(app.db, actor(request), request.params.countryCode, request.body),
    }),
  );

  app.delete(
    '/settings/tax_rates/:countryCode',
    {
      schema: {
        tags: ['admin'],
        summary: "Remove a region's tax",
        params: z.object({ countryCode: countryCodeSchema }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteTaxRate(app.db, actor(request), request.params.countryCode);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/settings/carriers',
    {
      schema: {
        tags: ['admin'],
        summary: 'The carriers orders ship with, each with its tracking page address',
        response: { 200: carrierListSchema },
      },
    },
    async () => ({ carriers: await readCarriers(app.db) }),
  );

  app.put(
    '/settings/carriers',
    {
      schema: {
        tags: ['admin'],
        summary: 'Replace the carrier list; orders already shipped keep their carrier and tracking link',
        description:
          'Each carrier has a name (once in the list, whatever its case) and an https address of its ' +
          'tracking page holding `{tracking}` where the tracking number goes.',
        body: carrierListSchema,
        response: { 200: carrierListSchema },
      },
    },
    async (request) => ({ carriers: await saveCarriers(app.db, actor(request), request.body.carriers) }),
  );
};
