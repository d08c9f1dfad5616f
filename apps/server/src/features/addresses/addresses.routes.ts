import { addressCalls, type StoredAddress } from '@crossbuy/core/address';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerCall } from '../../lib/contract-routes.js';
import { principalOf, requireUser } from '../../plugins/authentication.js';
import { readStoreSettings, storeSettingDefaults } from '../settings/store-settings.service.js';
import {
  createAddress,
  deleteAddress,
  listAddresses,
  setMainAddress,
  updateAddress,
} from './addresses.service.js';
import type { AddressRow } from './addresses.table.js';

function toStoredAddress(row: AddressRow): StoredAddress {
  const { userId: _owner, createdAt, updatedAt, ...fields } = row;
  return { ...fields, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() };
}

/** The signed-in user's address book (store service): the calls of `addressCalls`. */
export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireUser);
  const settingDefaults = storeSettingDefaults(app.config);

  answerCall(app, addressCalls.list, async (request) => ({
    addresses: (await listAddresses(app.db, principalOf(request).userId)).map(toStoredAddress),
  }));

  answerCall(app, addressCalls.add, async (request, reply) => {
    // The limit an admin set now: lowering it never removes addresses, it only stops new ones.
    const { maxAddressesPerUser } = await readStoreSettings(app.db, settingDefaults);
    const row = await createAddress(app.db, principalOf(request).userId, request.body, maxAddressesPerUser);
    return reply.status(201).send({ address: toStoredAddress(row) });
  });

  answerCall(app, addressCalls.change, async (request) => ({
    address: toStoredAddress(
      await updateAddress(app.db, principalOf(request).userId, request.params.id, request.body),
    ),
  }));

  answerCall(app, addressCalls.remove, async (request, reply) => {
    await deleteAddress(app.db, principalOf(request).userId, request.params.id);
    return reply.status(204).send(null);
  });

  answerCall(app, addressCalls.makeMain, async (request) => ({
    address: toStoredAddress(await setMainAddress(app.db, principalOf(request).userId, request.params.id)),
  }));
};
