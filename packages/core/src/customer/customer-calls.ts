import { z } from 'zod';
import { defineCall } from '../contract/index.js';
import { customerDetailSchema, customerListQuerySchema, customerPageSchema } from './schemas.js';

const idParams = z.object({ id: z.string().max(64) });
const blacklistAnswer = z.object({ user: z.object({ id: z.string(), blacklisted: z.boolean() }) });

/** The store's customers (shoppers), for operators and admins in the back office. */
export const customerCalls = {
  list: defineCall({
    method: 'get',
    path: '/admin/customers',
    tag: 'admin',
    summary:
      'The store’s customers, newest first, by status or part of their email, name or phone number, with their order count and last order',
    query: customerListQuerySchema,
    responses: { 200: customerPageSchema },
  }),
  one: defineCall({
    method: 'get',
    path: '/admin/customers/{id}',
    tag: 'admin',
    summary:
      'A customer: profile, addresses, latest orders and quotations, and who blacklisted them and when',
    params: idParams,
    responses: { 200: z.object({ customer: customerDetailSchema }) },
  }),
  blacklist: defineCall({
    method: 'post',
    path: '/admin/users/{id}/blacklist',
    tag: 'admin',
    summary: 'Blacklist an account: it is signed out everywhere and refused from now on',
    params: idParams,
    responses: { 200: blacklistAnswer },
  }),
  unblacklist: defineCall({
    method: 'post',
    path: '/admin/users/{id}/unblacklist',
    tag: 'admin',
    summary: 'Lift the blacklisting of an account',
    params: idParams,
    responses: { 200: blacklistAnswer },
  }),
};
