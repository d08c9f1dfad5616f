import { z } from 'zod';
import { defineCall } from '../contract/index.js';
import { addressSchema, addressUpdateSchema } from './address-schema.js';

/** An address as a parcel carries it: what the address book holds and an order keeps. Empty parts are null. */
export const postalAddressSchema = z.object({
  fullName: z.string(),
  phoneNumber: z.string(),
  address: z.string(),
  unitNumber: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string(),
  state: z.string().nullable(),
  city: z.string().nullable(),
});

/** An address as the address book keeps it. */
export const storedAddressSchema = z.object({
  id: z.string(),
  ...postalAddressSchema.shape,
  main: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type StoredAddress = z.output<typeof storedAddressSchema>;

const idParams = z.object({ id: z.string().max(64) });
const oneAddress = z.object({ address: storedAddressSchema });

/** The signed-in user's address book. Another user's address id answers 404 404 address/not_found. */
export const addressCalls = {
  list: defineCall({
    method: 'get',
    path: '/address',
    tag: 'address',
    summary: 'The address book, main address first',
    responses: { 200: z.object({ addresses: z.array(storedAddressSchema) }) },
  }),
  add: defineCall({
    method: 'post',
    path: '/address',
    tag: 'address',
    summary: 'Add an address (the first one becomes main)',
    body: addressSchema,
    responses: { 201: oneAddress },
  }),
  change: defineCall({
    method: 'put',
    path: '/address/{id}',
    tag: 'address',
    summary: 'Change some fields of an address; country rules are checked on the result',
    params: idParams,
    body: addressUpdateSchema,
    responses: { 200: oneAddress },
  }),
  remove: defineCall({
    method: 'delete',
    path: '/address/{id}',
    tag: 'address',
    summary: 'Delete an address; deleting the main one makes another main',
    params: idParams,
    responses: { 204: null },
  }),
  makeMain: defineCall({
    method: 'post',
    path: '/address/{id}/main',
    tag: 'address',
    summary: 'Make an address the main one',
    params: idParams,
    responses: { 200: oneAddress },
  }),
};
