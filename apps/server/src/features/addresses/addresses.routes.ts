import { addressSchema, addressUpdateSchema } from '@crossbuy/core/address';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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

export const addressResponseSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  phoneNumber: z.string(),
  address: z.string(),
  unitNumber: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  main: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});

function toResponse(row: AddressRow): z.infer<typeof addressResponseSchema> {
  const { userId: _owner, createdAt, updatedAt, ...fields } = row;
  return { ...fields, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() };
}

const idParams = z.object({ id: z.string().max(64) });
const oneAddress = z.object({ address: addressResponseSchema });

/** The signed-in user's address book (store service). Another user's address id answers 404. */
export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', requireUser);
  const settingDefaults = storeSettingDefaults(app.config);

  app.get(
    '/address',
    {
      schema: {
        tags: ['address'],
        summary: 'The address book, main address first',
        response: { 200: z.object({ addresses: z.array(addressResponseSchema) }) },
      },
    },
    async (request) => ({
      addresses: (await listAddresses(app.db, principalOf(request).userId)).map(toResponse),
    }),
  );

  app.post(
    '/address',
    {
      schema: {
        tags: ['address'],
        summary: 'Add an address (the first one becomes main)',
        body: addressSchema,
        response: { 201: oneAddress },
      },
    },
    async (request, reply) => {
      // The limit an admin set now: lowering it never removes addresses, it only stops new ones.
      const { maxAddressesPerUser } = await readStoreSettings(app.db, settingDefaults);
      const row = await createAddress(app.db, principalOf(request).userId, request.body, maxAddressesPerUser);
      reply.status(201);
      return { address: toResponse(row) };
    },
  );

  app.put(
    '/address/:id',
    {
      schema: {
        tags: ['address'],
        summary: 'Change some fields of an address; country rules are checked on the result',
        params: idParams,
        body: addressUpdateSchema,
        response: { 200: oneAddress },
      },
    },
    async (request) => ({
      address: toResponse(
        await updateAddress(app.db, principalOf(request).userId, request.params.id, request.body),
      ),
    }),
  );

  app.delete(
    '/address/:id',
    {
      schema: {
        tags: ['address'],
        summary: 'Delete an address; deleting the main one makes another main',
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await deleteAddress(app.db, principalOf(request).userId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/address/:id/main',
    {
      schema: {
        tags: ['address'],
        summary: 'Make an address the main one',
        params: idParams,
        response: { 200: oneAddress },
      },
    },
    async (request) => ({
      address: toResponse(await setMainAddress(app.db, principalOf(request).userId, request.params.id)),
    }),
  );
};
