import { index, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, randomId } from '../../db/columns.js';
import { cascadingProductId } from '../catalogue/catalogue.table.js';
import { cascadingUserId } from '../users/users.table.js';

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: randomId(),
    userId: cascadingUserId(),
    productId: cascadingProductId(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('wishlist_items_user_product_unique').on(table.userId, table.productId),
    index('wishlist_items_user_time_idx').on(table.userId, table.createdAt.desc().nullsFirst(), table.id),
  ],
);
