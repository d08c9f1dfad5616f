import { voucherCalls } from '@crossbuy/core/marketing';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerCall, type CallHandler } from '../../lib/contract-routes.js';
import { guardPrivateRoutes, principalOf, requireRole } from '../../plugins/authentication.js';
import {
  createVoucher,
  getStoreVoucher,
  listStoreVouchers,
  listVoucherRedemptions,
  setVoucherActive,
  updateVoucher,
} from './voucher-admin.service.js';

/** The store's vouchers for operators and admins (mounted under /api/admin); every change is audited. */
export const adminVoucherRoutes: FastifyPluginAsyncZod = async (app) => {
  guardPrivateRoutes(app, requireRole('operator', 'admin'));

  answerCall(app, voucherCalls.list, async (request) => listStoreVouchers(app.db, request.query));

  answerCall(app, voucherCalls.create, async (request) => ({
    voucher: await createVoucher(app.db, principalOf(request).userId, request.body),
  }));

  answerCall(app, voucherCalls.one, async (request) => ({
    voucher: await getStoreVoucher(app.db, request.params.id),
  }));

  answerCall(app, voucherCalls.update, async (request) => ({
    voucher: await updateVoucher(app.db, principalOf(request).userId, request.params.id, request.body),
  }));

  const switchTo =
    (active: boolean): CallHandler<typeof voucherCalls.enable> =>
    async (request) => ({
      voucher: await setVoucherActive(app.db, principalOf(request).userId, request.params.id, active),
    });
  answerCall(app, voucherCalls.enable, switchTo(true));
  answerCall(app, voucherCalls.disable, switchTo(false));

  answerCall(app, voucherCalls.redemptions, async (request) =>
    listVoucherRedemptions(app.db, request.params.id, request.query),
  );
};
