import { describe, expect, it } from 'vitest';
import { appErrorFromZodIssues } from '../errors/index.js';
import { storeOrderMoveSchema } from './schemas.js';
import {
  bulkShipmentSchema,
  carrierListSchema,
  DEFAULT_CARRIERS,
  findCarrier,
  isTrackingTemplate,
  trackingUrlOf,
} from './shipping.js';
import { BULK_SHIP_MAX_ORDERS } from './shipping-limits.js';

function codeOf(
  schema: { safeParse(value: unknown): { success: boolean; error?: unknown } },
  value: unknown,
) {
  const parsed = schema.safeParse(value) as { success: boolean; error?: { issues: never[] } };
  return parsed.success ? null : appErrorFromZodIssues(parsed.error?.issues ?? []).code;
}

describe('tracking links', () => {
  it('puts the tracking number in place of {tracking}, escaped', () => {
    expect(trackingUrlOf('https://track.example.com/?id={tracking}', 'SG 12&3')).toBe(
      'https://track.example.com/?id=SG%2012%263',
    );
    expect(trackingUrlOf('https://t.example.com/{tracking}/{tracking}', 'A1')).toBe(
      'https://t.example.com/A1/A1',
    );
  });

  it('accepts only https templates of a named host that hold {tracking}', () => {
    expect(isTrackingTemplate('https://www.ups.com/track?tracknum={tracking}')).toBe(true);
    expect(isTrackingTemplate('https://www.ups.com/track')).toBe(false);
    expect(isTrackingTemplate('http://www.ups.com/track?n={tracking}')).toBe(false);
    expect(isTrackingTemplate('javascript:alert(1)//{tracking}')).toBe(false);
    expect(isTrackingTemplate('https://localhost/{tracking}')).toBe(false);
    expect(isTrackingTemplate('https://user:pw@ups.com/{tracking}')).toBe(false);
    expect(isTrackingTemplate('{tracking}')).toBe(false);
  });

  it('ships with sensible default carriers, each a valid entry of the list', () => {
    expect(DEFAULT_CARRIERS.map((carrier) => carrier.name)).toEqual([
      'SingPost',
      'DHL Express',
      'FedEx',
      'UPS',
      'Ninja Van',
    ]);
    expect(carrierListSchema.safeParse({ carriers: DEFAULT_CARRIERS }).success).toBe(true);
  });

  it('finds a carrier by name whatever its case', () => {
    expect(findCarrier(DEFAULT_CARRIERS, ' ninja van ')?.name).toBe('Ninja Van');
    expect(findCarrier(DEFAULT_CARRIERS, 'Royal Mail')).toBeUndefined();
  });
});

describe('the carrier list', () => {
  const carrier = { name: 'J&T', trackingUrlTemplate: 'https://jtexpress.sg/track?n={tracking}' };

  it('trims names and templates', () => {
    const parsed = carrierListSchema.parse({
      carriers: [{ name: '  J&T ', trackingUrlTemplate: ` ${carrier.trackingUrlTemplate} ` }],
    });
    expect(parsed.carriers).toEqual([carrier]);
  });

  it('refuses an empty list, a name twice in any case, a blank name and a template without {tracking}', () => {
    expect(codeOf(carrierListSchema, { carriers: [] })).toBe('settings/invalid_carriers');
    expect(codeOf(carrierListSchema, { carriers: [carrier, { ...carrier, name: 'j&t' }] })).toBe(
      'settings/duplicate_carrier',
    );
    expect(codeOf(carrierListSchema, { carriers: [{ ...carrier, name: ' ' }] })).toBe(
      'settings/invalid_carrier_name',
    );
    expect(
      codeOf(carrierListSchema, { carriers: [{ ...carrier, trackingUrlTemplate: 'https://jt.sg/' }] }),
    ).toBe('settings/invalid_tracking_template');
    expect(codeOf(carrierListSchema, { carriers: 'SingPost' })).toBe('settings/invalid_carriers');
    expect(codeOf(carrierListSchema, {})).toBe('general/missing_argument');
  });
});

describe('shipping moves', () => {
  it('asks a shipment for its carrier and tracking number', () => {
    expect(codeOf(storeOrderMoveSchema, { to: 'shipped', carrier: 'UPS' })).toBe(
      'order/invalid_tracking_number',
    );
    expect(codeOf(storeOrderMoveSchema, { to: 'shipped', trackingNumber: '1Z999' })).toBe(
      'order/invalid_carrier',
    );
    expect(codeOf(storeOrderMoveSchema, { to: 'shipped', trackingNumber: '1Z999', carrier: ' ' })).toBe(
      'order/invalid_carrier',
    );
    expect(storeOrderMoveSchema.parse({ to: 'shipped', trackingNumber: ' 1Z999 ', carrier: 'UPS' })).toEqual({
      to: 'shipped',
      trackingNumber: '1Z999',
      carrier: 'UPS',
    });
    expect(storeOrderMoveSchema.parse({ to: 'processing' })).toEqual({ to: 'processing' });
  });

  it('takes a bulk shipment of 1 to 50 different orders, each with its tracking number', () => {
    const shipment = (orderId: string) => ({ orderId, trackingNumber: `T-${orderId}` });
    expect(bulkShipmentSchema.parse({ carrier: 'UPS', shipments: [shipment('a'), shipment('b')] })).toEqual({
      carrier: 'UPS',
      shipments: [shipment('a'), shipment('b')],
    });
    expect(codeOf(bulkShipmentSchema, { carrier: 'UPS', shipments: [] })).toBe(
      'order/invalid_bulk_selection',
    );
    expect(codeOf(bulkShipmentSchema, { carrier: 'UPS', shipments: [shipment('a'), shipment('a')] })).toBe(
      'order/invalid_bulk_selection',
    );
    const tooMany = Array.from({ length: BULK_SHIP_MAX_ORDERS + 1 }, (_, index) => shipment(`o${index}`));
    expect(codeOf(bulkShipmentSchema, { carrier: 'UPS', shipments: tooMany })).toBe(
      'order/invalid_bulk_selection',
    );
    expect(
      codeOf(bulkShipmentSchema, { carrier: 'UPS', shipments: [{ orderId: 'a', trackingNumber: ' ' }] }),
    ).toBe('order/invalid_tracking_number');
    expect(codeOf(bulkShipmentSchema, { shipments: [shipment('a')] })).toBe('general/missing_argument');
    for (const body of [null, [], 'UPS']) expect(codeOf(bulkShipmentSchema, body)).not.toBeNull();
  });
});
