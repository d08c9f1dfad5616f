import {
  shippingLocations,
  shippingRates,
  taxRates,
} from '@crossbuy/server/features/settings/shipping.table.js';
import { vouchers } from '@crossbuy/server/features/vouchers/vouchers.table.js';
import { eq } from 'drizzle-orm';
import type { DemoSeeder } from '../demo-data.js';

/**
 * Delivery to each country the demo store ships to, by weight from anywhere (base fee + per started 500 g,
 * in SGD cents), free above a threshold; a cheaper rate for goods from Japan to Singapore shows how a
 * more specific rule wins.
 */
const DEMO_SHIPPING: Record<string, { base: number; per500g: number; freeAbove: number | null }> = {
  SG: { base: 500, per500g: 150, freeAbove: 15_000 },
  MY: { base: 800, per500g: 250, freeAbove: 20_000 },
  JP: { base: 900, per500g: 300, freeAbove: null },
  KR: { base: 900, per500g: 300, freeAbove: null },
  US: { base: 1500, per500g: 500, freeAbove: 30_000 },
  HK: { base: 800, per500g: 250, freeAbove: 20_000 },
  AU: { base: 1200, per500g: 400, freeAbove: 25_000 },
  GB: { base: 1500, per500g: 500, freeAbove: 30_000 },
};

const DAY = 86_400_000;

export const checkoutDemoSeeder: DemoSeeder = {
  name: 'checkout',
  async seed(db) {
    const locations = await db.select().from(shippingLocations);
    for (const location of locations) {
      const rule = DEMO_SHIPPING[location.countryCode];
      if (!rule) continue;
      await db.insert(shippingRates).values({
        shippingLocationId: location.id,
        originCountry: null,
        method: 'by_weight',
        baseFeeMinor: rule.base,
        stepFeeMinor: rule.per500g,
        stepGrams: 500,
        freeAboveMinor: rule.freeAbove,
      });
    }
    const [singapore] = await db
      .select()
      .from(shippingLocations)
      .where(eq(shippingLocations.countryCode, 'SG'));
    if (singapore) {
      await db.insert(shippingRates).values({
        shippingLocationId: singapore.id,
        originCountry: 'JP',
        method: 'per_item',
        baseFeeMinor: 300,
        stepFeeMinor: 100,
        freeAboveMinor: 10_000,
      });
    }
    // Singapore's GST is added at checkout; Malaysia's sales tax on imported goods is shown as included.
    await db.insert(taxRates).values([
      { countryCode: 'SG', name: 'GST', ratePercent: '9', inclusive: false },
      { countryCode: 'MY', name: 'SST', ratePercent: '10', inclusive: true },
    ]);
    const now = Date.now();
    await db.insert(vouchers).values([
      {
        code: 'WELCOME10',
        description: '10% off your first order of S$30 or more, up to S$20',
        kind: 'percent',
        percentOff: '10',
        minSpendMinor: 3000,
        maxDiscountMinor: 2000,
        perUserLimit: 1,
        endsAt: new Date(now + 365 * DAY),
      },
      {
        code: 'SAVE5',
        description: 'S$5 off orders of S$50 or more',
        kind: 'fixed',
        amountOffMinor: 500,
        minSpendMinor: 5000,
        endsAt: new Date(now + 90 * DAY),
      },
      {
        code: 'PAYNOW3',
        description: '3% off in Singapore when you pay with PayNow',
        kind: 'percent',
        percentOff: '3',
        regions: ['SG'],
        paymentMethods: ['paynow'],
      },
      {
        code: 'SPRING',
        description: 'Spring sale (ended)',
        kind: 'percent',
        percentOff: '15',
        listed: false,
        startsAt: new Date(now - 120 * DAY),
        endsAt: new Date(now - 30 * DAY),
      },
    ]);
  },
};
