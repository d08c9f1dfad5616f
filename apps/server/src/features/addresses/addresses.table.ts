import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('addresses_user_id_idx').on(table.userId, table.createdAt),
    // The database itself guarantees at most one main address per user.
    uniqueIndex('addresses_one_main_per_user').on(table.userId).where(sql`${table.main}`),
  ],
);

export type AddressRow = typeof addresses.$inferSelect;
