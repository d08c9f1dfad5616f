import type { CurrencyCode } from '@crossbuy/core/money';
import { eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client.js';
import { addresses } from '../../src/features/addresses/addresses.table.js';
import { quotationItems } from '../../src/features/quotations/quotations.table.js';
import { shippingLocations, shippingRates, taxRates } from '../../src/features/settings/shipping.table.js';
import { vouchers } from '../../src/features/vouchers/vouchers.table.js';

/**
 * What checkout needs beyond the catalogue fixture: delivery to SG (by weight from anywhere: S$5 + S$1.50
 * per started 500 g, free from S$150; from Japan S$3 + S$1 per item, free from S$100) and to MY (S$8 flat
 * per item), none to JP; Singapore GST 9% added, Malaysia SST 10% included.
 */
export async function seedCheckoutRules(db: Database): Promise<void> {
  const [sg, my] = await db
    .insert(shippingLocations)
    .values([
      { countryCode: 'SG', name: 'Singapore', enabled: true },
      { countryCode: 'MY', name: 'Malaysia', enabled: true },
      { countryCode: 'JP', name: 'Japan', enabled: false },
    ])
    .returning({ id: shippingLocations.id });
  if (!sg || !my) throw new Error('shipping location insert returned nothing');
  await db.insert(shippingRates).values([
    {
      shippingLocationId: sg.id,
      originCountry: null,
      method: 'by_weight',
      baseFeeMinor: 500,
      stepFeeMinor: 150,
      stepGrams: 500,
      freeAboveMinor: 15_000,
    },
    {
      shippingLocationId: sg.id,
      originCountry: 'JP',
      method: 'per_item',
      baseFeeMinor: 300,
      stepFeeMinor: 100,
      freeAboveMinor: 10_000,
    },
    {
      shippingLocationId: my.id,
      originCountry: null,
      method: 'per_item',
      baseFeeMinor: 0,
      stepFeeMinor: 800,
    },
  ]);
  await db.insert(taxRates).values([
    { countryCode: 'SG', name: 'GST', ratePercent: '9', inclusive: false },
    { countryCode: 'MY', name: 'SST', ratePercent: '10', inclusive: true },
  ]);
}

export async function addAddress(db: Database, userId: string, country = 'SG'): Promise<string> {
  const [row] = await db
    .insert(addresses)
    .values({
      userId,
      fullName: 'Tan Mei Ling',
      phoneNumber: country === 'SG' ? '+6591234567' : '+60123456789',
      address: '1 Orchard Road',
      postalCode: country === 'SG' ? '238824' : '50450',
      country,
      main: false,
    })
    .returning({ id: addresses.id });
  if (!row) throw new Error('address insert returned nothing');
  return row.id;
}

export async function addVoucher(
  db: Database,
  values: Partial<typeof vouchers.$inferInsert> & { code: string },
) {
  const [row] = await db
    .insert(vouchers)
    .values({ kind: 'percent', percentOff: '10', ...values })
    .returning();
  if (!row) throw new Error('voucher insert returned nothing');
  return row;
}

/** A resolved quote of an item on another site, priced per region, valid for `validDays`. */
export async function addResolvedQuotation(
  db: Database,
  userId: string,
  prices: Record<string, { amountMinor: number; currency: CurrencyCode }>,
  options: { validDays?: number; status?: 'p' | 'r' | 'd'; quantity?: number } = {},
): Promise<string> {
  const quotedAt = new Date();
  const status = options.status ?? 'r';
  const [row] = await db
    .insert(quotationItems)
    .values({
      userId,
      productSource: 'e',
      status,
      productUrl: 'https://www.rakuten.co.jp/item/1',
      sourceMarketPlace: 'Rakuten',
      name: 'Kyoto Tea Set',
      quantity: options.quantity ?? 1,
      ...(status === 'r' && {
        quotedPrice: prices,
        basePriceMinor: 5000,
        basePriceCurrency: 'JPY',
        quotedAt,
        expiresAt: new Date(quotedAt.getTime() + (options.validDays ?? 7) * 86_400_000),
      }),
    })
    .returning({ id: quotationItems.id });
  if (!row) throw new Error('quotation insert returned nothing');
  return row.id;
}

export async function expireQuotation(db: Database, id: string): Promise<void> {
  await db
    .update(quotationItems)
    .set({
      quotedAt: new Date(Date.now() - 10 * 86_400_000),
      expiresAt: new Date(Date.now() - 3 * 86_400_000),
    })
    .where(eq(quotationItems.id, id));
}
