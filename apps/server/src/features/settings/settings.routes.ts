import { toErrorEnvelope } from '@crossbuy/core/errors';
import { settingsCalls } from '@crossbuy/core/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerCall } from '../../lib/contract-routes.js';
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

/** The store's set-up (admins only), mounted under /api/admin: the calls of `settingsCalls`. */
export const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  guardPrivateRoutes(app, requireRole('admin'));
  const defaults = storeSettingDefaults(app.config);
  const actor = (request: Parameters<typeof principalOf>[0]) => principalOf(request).userId;

  answerCall(app, settingsCalls.general, async () => ({
    settings: await readStoreSettings(app.db, defaults),
    defaults,
  }));

  answerCall(app, settingsCalls.updateGeneral, async (request) => ({
    settings: await updateStoreSettings(app.db, actor(request), defaults, request.body),
    defaults,
  }));

  answerCall(app, settingsCalls.regions, async () => ({
    baseCurrency: BASE_CURRENCY,
    regions: await listRegionSettings(app.db),
  }));

  answerCall(app, settingsCalls.createRegion, async (request, reply) => {
    const region = await createRegion(app.db, actor(request), request.body);
    reply.status(201);
    return { region };
  });

  answerCall(app, settingsCalls.updateRegion, async (request) => ({
    region: await updateRegion(
      app.db,
      actor(request),
      request.params.countryCode.toUpperCase(),
      request.body,
    ),
  }));

  answerCall(app, settingsCalls.exchangeRates, async () => ({
    baseCurrency: BASE_CURRENCY,
    rates: await listExchangeRates(app.db),
  }));

  answerCall(app, settingsCalls.setExchangeRate, async (request) => ({
    rate: await setExchangeRate(
      app.db,
      actor(request),
      request.params.currency.toUpperCase(),
      request.body.rate,
    ),
  }));

  answerCall(app, settingsCalls.importExchangeRates, async (request, reply) => {
    const reading = readRateFile(request.body.csv);
    if (!reading.ok) {
      const { error } = toErrorEnvelope('settings/csv_invalid', [reading.errors.length]);
      return reply.status(400).send({ error, lines: reading.errors });
    }
    const changes = await importExchangeRates(app.db, actor(request), reading.rates);
    return { changes, rates: await listExchangeRates(app.db) };
  });

  answerCall(app, settingsCalls.shipping, async () => ({ locations: await listShippingSettings(app.db) }));

  answerCall(app, settingsCalls.setLocationEnabled, async (request, reply) => {
    await setShippingLocationEnabled(app.db, actor(request), request.params.id, request.body.enabled);
    return reply.status(204).send(null);
  });

  answerCall(app, settingsCalls.createShippingRule, async (request, reply) => {
    const { shippingLocationId, rule } = request.body;
    const created = await createShippingRule(app.db, actor(request), shippingLocationId, rule);
    reply.status(201);
    return { rule: created };
  });

  answerCall(app, settingsCalls.updateShippingRule, async (request) => ({
    rule: await updateShippingRule(app.db, actor(request), request.params.id, request.body),
  }));

  answerCall(app, settingsCalls.deleteShippingRule, async (request, reply) => {
    await deleteShippingRule(app.db, actor(request), request.params.id);
    return reply.status(204).send(null);
  });

  answerCall(app, settingsCalls.taxRates, async () => ({ taxRates: await listTaxRates(app.db) }));

  answerCall(app, settingsCalls.setTaxRate, async (request) => ({
    taxRate: await setTaxRate(app.db, actor(request), request.params.countryCode, request.body),
  }));

  answerCall(app, settingsCalls.deleteTaxRate, async (request, reply) => {
    await deleteTaxRate(app.db, actor(request), request.params.countryCode);
    return reply.status(204).send(null);
  });

  answerCall(app, settingsCalls.carriers, async () => ({ carriers: await readCarriers(app.db) }));

  answerCall(app, settingsCalls.saveCarriers, async (request) => ({
    carriers: await saveCarriers(app.db, actor(request), request.body.carriers),
  }));
};
