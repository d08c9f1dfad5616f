import { index, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { products } from '../catalogue/catalogue.table.js';
import { users } from '../users/users.table.js';

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('wishlist_items_user_product_unique').on(table.userId, table.productId),
    index('wishlist_items_user_time_idx').on(table.userId, table.createdAt.desc().nullsFirst(), table.id),
  ],
);
