import { z } from 'zod';
import { fails, requiredText } from '../validation/issue-codes.js';
import {
  BULK_SHIP_MAX_ORDERS,
  CARRIER_NAME_MAX_LENGTH,
  CARRIER_TEMPLATE_MAX_LENGTH,
  CARRIERS_MAX,
  TRACKING_NUMBER_MAX_LENGTH,
} from './shipping-limits.js';

// Shipping an order (docs/features/fulfilment.md): the carriers the store ships with, each with the address of
// its tracking page, and the shipments an operator records one order or many at a time.

/** Where a carrier's tracking page address takes the tracking number. */
export const TRACKING_PLACEHOLDER = '{tracking}';

export type Carrier = { name: string; trackingUrlTemplate: string };

/** What a new store ships with until an admin changes the list: the carriers Singapore shops use most. */
export const DEFAULT_CARRIERS: readonly Carrier[] = [
  {
    name: 'SingPost',
    trackingUrlTemplate: 'https://www.singpost.com/track-items?trackingid={tracking}',
  },
  {
    name: 'DHL Express',
    trackingUrlTemplate: 'https://www.dhl.com/sg-en/home/tracking.html?tracking-id={tracking}',
  },
  { name: 'FedEx', trackingUrlTemplate: 'https://www.fedex.com/fedextrack/?trknbr={tracking}' },
  { name: 'UPS', trackingUrlTemplate: 'https://www.ups.com/track?tracknum={tracking}' },
  { name: 'Ninja Van', trackingUrlTemplate: 'https://www.ninjavan.co/en-sg/tracking?id={tracking}' },
];

/**
 * The tracking page of a shipment: the carrier's template with the tracking number put in its place,
 * escaped, so a number with spaces or an ampersand cannot change the address's meaning.
 */
export function trackingUrlOf(template: string, trackingNumber: string): string {
  return template.split(TRACKING_PLACEHOLDER).join(encodeURIComponent(trackingNumber));
}

/** Whether a template makes an https address of a named host once a tracking number is put in it. */
export function isTrackingTemplate(template: string): boolean {
  if (!template.includes(TRACKING_PLACEHOLDER)) return false;
  try {
    const url = new URL(trackingUrlOf(template, 'X'));
    return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password;
  } catch {
    return false;
  }
}

const carrierNameSchema = requiredText('settings/invalid_carrier_name', CARRIER_NAME_MAX_LENGTH);

export const carrierSchema = z.object({
  name: carrierNameSchema,
  trackingUrlTemplate: z
    .string(fails('settings/invalid_tracking_template'))
    .trim()
    .max(CARRIER_TEMPLATE_MAX_LENGTH, 'settings/invalid_tracking_template')
    .refine(isTrackingTemplate, 'settings/invalid_tracking_template'),
});

/** The carrier list an admin saves: at least one, each name once whatever its case. */
export const carrierListSchema = z.object({
  carriers: z
    .array(carrierSchema, fails('settings/invalid_carriers'))
    .min(1, 'settings/invalid_carriers')
    .max(CARRIERS_MAX, 'settings/invalid_carriers')
    .superRefine((carriers, context) => {
      const seen = new Set<string>();
      carriers.forEach((carrier, index) => {
        const key = carrier.name.toLowerCase();
        if (seen.has(key)) {
          context.addIssue({ code: 'custom', message: 'settings/duplicate_carrier', path: [index, 'name'] });
        }
        seen.add(key);
      });
    }),
});
export type CarrierList = z.infer<typeof carrierListSchema>;

/** The carrier of `name` in the list, matched whatever its case, or undefined. */
export function findCarrier(carriers: readonly Carrier[], name: string): Carrier | undefined {
  const wanted = name.trim().toLowerCase();
  return carriers.find((carrier) => carrier.name.toLowerCase() === wanted);
}

export const trackingNumberSchema = requiredText('order/invalid_tracking_number', TRACKING_NUMBER_MAX_LENGTH);

/** The carrier a shipment names: one of the store's list, checked against it by the server. */
export const shipmentCarrierSchema = requiredText('order/invalid_carrier', CARRIER_NAME_MAX_LENGTH);

/** Several orders leave with one carrier, each under its own tracking number. */
export const bulkShipmentSchema = z.object({
  carrier: shipmentCarrierSchema,
  shipments: z
    .array(
      z.object({
        orderId: z.string(fails('order/not_found')).min(1, 'order/not_found').max(200, 'order/not_found'),
        trackingNumber: trackingNumberSchema,
      }),
      fails('order/invalid_bulk_selection'),
    )
    .min(1, 'order/invalid_bulk_selection')
    .max(BULK_SHIP_MAX_ORDERS, 'order/invalid_bulk_selection')
    .refine(
      (shipments) => new Set(shipments.map((shipment) => shipment.orderId)).size === shipments.length,
      'order/invalid_bulk_selection',
    ),
});
export type BulkShipment = z.infer<typeof bulkShipmentSchema>;

/** Why one order of a bulk shipment could not be shipped. */
export const shipmentRefusalSchema = z.object({
  orderId: z.string(),
  /** The order's reference, or null when no order has that id. */
  orderRef: z.string().nullable(),
  code: z.string(),
  message: z.string(),
});
export type ShipmentRefusal = z.infer<typeof shipmentRefusalSchema>;

/** A refused bulk shipment: nothing was shipped, and every order that stood in the way is named. */
export const bulkShipmentRefusalSchema = z.object({
  error: z.object({ code: z.string(), params: z.array(z.string()), message: z.string() }),
  /** Absent when the request itself was refused (a malformed body), before any order was looked at. */
  refusals: z.array(shipmentRefusalSchema).optional(),
});
