import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, randomId, updatedAt } from '../../db/columns.js';
import { cascadingUserId } from '../users/users.table.js';

export const addresses = pgTable(
  'addresses',
  {
    id: randomId(),
    userId: cascadingUserId(),
    fullName: text('full_name').notNull(),
    /** E.164. */
    phoneNumber: text('phone_number').notNull(),
    address: text('address').notNull(),
    unitNumber: text('unit_number'),
    postalCode: text('postal_code'),
    country: text('country').notNull(),
    /** The state's code where the country has a list. */
    state: text('state'),
    city: text('city'),
    main: boolean('main').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('addresses_user_id_idx').on(table.userId, table.createdAt),
    // The database itself guarantees at most one main address per user.
    uniqueIndex('addresses_one_main_per_user').on(table.userId).where(sql`${table.main}`),
  ],
);

export type AddressRow = typeof addresses.$inferSelect;
