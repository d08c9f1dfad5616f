import { type Address, type addressUpdateSchema, validateAddress } from '@crossbuy/core/address';
import { AppError, appErrorFromZodIssues } from '@crossbuy/core/errors';
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { asOwner } from '../../db/as-owner.js';
import type { Database } from '../../db/client.js';
import { isUuid } from '../../lib/ids.js';
import { type AddressRow, addresses } from './addresses.table.js';

export type AddressPatch = z.output<typeof addressUpdateSchema>;

function columns(address: Address) {
  return {
    fullName: address.fullName,
    phoneNumber: address.phoneNumber,
    address: address.address,
    unitNumber: address.unitNumber ?? null,
    postalCode: address.postalCode ?? null,
    country: address.country,
    state: address.state ?? null,
    city: address.city ?? null,
  };
}

/** The shopper's own address; address/not_found for anyone else's. */
export async function ownAddress(tx: Database, userId: string, addressId: string): Promise<AddressRow> {
  if (!isUuid(addressId)) throw new AppError('address/not_found');
  const [row] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    .limit(1);
  if (!row) throw new AppError('address/not_found');
  return row;
}

async function clearMain(tx: Database, userId: string): Promise<void> {
  await tx
    .update(addresses)
    .set({ main: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.main, true)));
}

/** The user's addresses, main first, then oldest first. */
export function listAddresses(db: Database, userId: string): Promise<AddressRow[]> {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.main), asc(addresses.createdAt), asc(addresses.id));
}

/** Adds an address; the first one is main whatever was asked, and a new main replaces the old. */
export function createAddress(
  db: Database,
  userId: string,
  address: Address,
  maxPerUser: number,
): Promise<AddressRow> {
  return asOwner(db, userId, async (tx) => {
    const [counted] = await tx.select({ value: count() }).from(addresses).where(eq(addresses.userId, userId));
    const existing = counted?.value ?? 0;
    if (existing >= maxPerUser) throw new AppError('user/max_addresses_reached', [maxPerUser]);
    const main = existing === 0 || address.main;
    if (main) await clearMain(tx, userId);
    const [row] = await tx
      .insert(addresses)
      .values({ userId, ...columns(address), main })
      .returning();
    if (!row) throw new Error('address insert returned nothing');
    return row;
  });
}

/**
 * Applies a patch. Country rules are checked on the merged address, so changing only the country
 * still checks the stored postal code against the new country. `main: false` on the main address is
 * refused: another address has to be made main instead, so there is always exactly one.
 */
export function updateAddress(
  db: Database,
  userId: string,
  addressId: string,
  patch: AddressPatch,
): Promise<AddressRow> {
  return asOwner(db, userId, async (tx) => {
    const row = await ownAddress(tx, userId, addressId);
    if (patch.main === false && row.main) throw new AppError('address/main_required');
    const merged = validateAddress({ ...columns(toAddressInput(row)), main: row.main, ...patch });
    if (!merged.success) throw appErrorFromZodIssues(merged.error.issues);
    const main = row.main || patch.main === true;
    if (main && !row.main) await clearMain(tx, userId);
    const [updated] = await tx
      .update(addresses)
      .set({ ...columns(merged.data), main, updatedAt: new Date() })
      .where(eq(addresses.id, row.id))
      .returning();
    if (!updated) throw new AppError('address/not_found');
    return updated;
  });
}

function toAddressInput(row: AddressRow) {
  return {
    fullName: row.fullName,
    phoneNumber: row.phoneNumber,
    address: row.address,
    unitNumber: row.unitNumber ?? undefined,
    postalCode: row.postalCode ?? undefined,
    country: row.country as Address['country'],
    state: row.state ?? undefined,
    city: row.city ?? undefined,
    main: row.main,
  } satisfies Address;
}

/** Deletes an address; if it was the main one, the most recently added other address becomes main. */
export function deleteAddress(db: Database, userId: string, addressId: string): Promise<void> {
  return asOwner(db, userId, async (tx) => {
    const row = await ownAddress(tx, userId, addressId);
    await tx.delete(addresses).where(eq(addresses.id, row.id));
    if (!row.main) return;
    const [next] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(and(eq(addresses.userId, userId), ne(addresses.id, row.id)))
      .orderBy(desc(addresses.createdAt), desc(addresses.id))
      .limit(1);
    if (next) await tx.update(addresses).set({ main: true }).where(eq(addresses.id, next.id));
  });
}

export function setMainAddress(db: Database, userId: string, addressId: string): Promise<AddressRow> {
  return asOwner(db, userId, async (tx) => {
    const row = await ownAddress(tx, userId, addressId);
    if (row.main) return row;
    await clearMain(tx, userId);
    const [updated] = await tx
      .update(addresses)
      .set({ main: true, updatedAt: new Date() })
      .where(eq(addresses.id, row.id))
      .returning();
    if (!updated) throw new AppError('address/not_found');
    return updated;
  });
}
