import { z } from 'zod';
import { defineCall } from '../contract/index.js';
import { idParamsSchema } from '../validation/wire.js';
import {
  cancelOrderSchema,
  disputeInfoSchema,
  orderListQuerySchema,
  orderPageSchema,
  orderSchema,
  packingSlipQuerySchema,
  storeOrderListQuerySchema,
  storeOrderMoveSchema,
  storeOrderPageSchema,
  storeOrderSchema,
} from './schemas.js';
import { bulkShipmentRefusalSchema, bulkShipmentSchema, carrierListSchema } from './shipping.js';

/** One order, by its id, as both sides and the order chat name it. */

const orderAnswerSchema = z.object({ order: orderSchema });
const disputeSchema = z.object({
  reason: z.string().trim().min(1, 'order/invalid_reason').max(500, 'order/invalid_reason'),
});
/** The dispute information, answered the same at its path and at its versioned path. */
const disputeInfoCall = {
  method: 'get',
  tag: 'orders',
  summary: 'How to raise a problem with this order, and whether it can be raised now',
  description: '`/v1` is the versioned path of the same answer.',
  params: idParamsSchema,
  responses: { 200: disputeInfoSchema },
} as const;

/** The shopper's orders (docs/rules/orders.md). Another shopper's order answers 404 order/not_found. */
export const orderCalls = {
  list: defineCall({
    method: 'get',
    path: '/order',
    tag: 'orders',
    summary: "The shopper's orders, newest first, a page at a time",
    query: orderListQuerySchema,
    responses: { 200: orderPageSchema },
  }),
  one: defineCall({
    method: 'get',
    path: '/order/{id}',
    tag: 'orders',
    summary: 'One order with its lines as bought, costs, addresses and the time of each status',
    params: idParamsSchema,
    responses: { 200: orderAnswerSchema },
  }),
  cancel: defineCall({
    method: 'delete',
    path: '/order/{id}',
    tag: 'orders',
    summary: 'Cancel an order while it waits for payment; its stock and voucher are given back',
    description:
      'A card payment still at the bank (3-D Secure) is stopped at the card provider first; if the ' +
      'provider took the money meanwhile, the order is paid and the cancel answers order/not_cancellable. ' +
      'A PayNow transfer the shopper marked as sent waits for the store: 409 order/payment_in_progress.',
    params: idParamsSchema,
    body: cancelOrderSchema.nullish(),
    responses: { 200: orderAnswerSchema },
  }),
  confirmReceipt: defineCall({
    method: 'post',
    path: '/order/{id}/confirm_receipt',
    tag: 'orders',
    summary: 'Confirm a shipped or delivered order has arrived; it is then completed',
    params: idParamsSchema,
    responses: { 200: orderAnswerSchema },
  }),
  dispute: defineCall({
    method: 'post',
    path: '/order/{id}/dispute',
    tag: 'orders',
    summary: 'Raise a problem with a paid order; the store answers in the order chat',
    params: idParamsSchema,
    body: disputeSchema,
    responses: { 200: orderAnswerSchema },
  }),
  disputeInfo: defineCall({ ...disputeInfoCall, path: '/order/{id}/dispute_info' }),
  disputeInfoV1: defineCall({ ...disputeInfoCall, path: '/order/{id}/dispute_info/v1' }),
};

/** Where an order stands after a move, with its shipment once it has left. */
const orderMoveAnswerSchema = z.object({
  status: orderSchema.shape.status,
  trackingNumber: z.string().nullable(),
  carrier: z.string().nullable(),
  trackingUrl: z.string().nullable(),
});

/**
 * The store's order desk and fulfilment (operators and admins). The desk's CSV export is no call of the
 * contract: it answers a streamed text/csv file, which the browser downloads by its link.
 */
export const storeOrderCalls = {
  list: defineCall({
    method: 'get',
    path: '/admin/orders',
    tag: 'admin',
    summary:
      "Every shopper's orders, newest first, by status, payment method and store days placed (Singapore), or by reference, email or name",
    query: storeOrderListQuerySchema,
    responses: { 200: storeOrderPageSchema },
  }),
  move: defineCall({
    method: 'post',
    path: '/admin/orders/{id}/status',
    tag: 'admin',
    summary:
      "Move an order on: processing, shipped (with a carrier of the store's list and its tracking number), delivered or completed",
    description:
      'Shipping mails the shopper the carrier and a link to its tracking page. A carrier not in ' +
      'the list answers 400 `order/invalid_carrier`.',
    params: idParamsSchema,
    body: storeOrderMoveSchema,
    responses: { 200: orderMoveAnswerSchema },
  }),
  one: defineCall({
    method: 'get',
    path: '/admin/orders/{id}',
    tag: 'admin',
    summary:
      'One order as the store fulfils it: its lines with their messages, addresses, notes, shipment and shopper',
    params: idParamsSchema,
    responses: { 200: z.object({ order: storeOrderSchema }) },
  }),
  packingSlips: defineCall({
    method: 'get',
    path: '/admin/orders/packing_slips',
    tag: 'admin',
    summary: 'Orders to pack, as the packing slips print them, in the order asked for',
    description:
      '`ids`: up to 50 order ids, repeated or comma-separated. An id that is no order answers 404.',
    query: packingSlipQuerySchema,
    responses: { 200: z.object({ orders: z.array(storeOrderSchema) }) },
  }),
  carriers: defineCall({
    method: 'get',
    path: '/admin/carriers',
    tag: 'admin',
    summary: 'The carriers an order can ship with (admins change them in the settings)',
    responses: { 200: carrierListSchema },
  }),
  ship: defineCall({
    method: 'post',
    path: '/admin/orders/ship',
    tag: 'admin',
    summary: 'Ship several orders with one carrier, each under its own tracking number: every one or none',
    description:
      'Each order must be being prepared. If any cannot ship, none is shipped and the answer is 400 ' +
      '`order/bulk_ship_refused` with `refusals`, one per order that stood in the way, in the order ' +
      'asked. Each shopper is mailed their tracking link.',
    body: bulkShipmentSchema,
    responses: {
      200: z.object({
        orders: z.array(
          z.object({
            id: z.string(),
            orderRef: z.string(),
            status: orderSchema.shape.status,
            carrier: z.string().nullable(),
            trackingNumber: z.string().nullable(),
            trackingUrl: z.string().nullable(),
          }),
        ),
      }),
      400: bulkShipmentRefusalSchema,
    },
  }),
};
