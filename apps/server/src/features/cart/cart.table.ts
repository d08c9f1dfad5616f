import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, randomId, updatedAt } from '../../db/columns.js';
import { cascadingProductId } from '../catalogue/catalogue.table.js';
import { cascadingUserId } from '../users/users.table.js';

/**
 * A shopper's cart lines. One line per product and variant path: adding the same again raises the
 * quantity of that line in one statement (the unique index is what makes a double click one line).
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: randomId(),
    userId: cascadingUserId(),
    productId: cascadingProductId(),
    variantPath: text('variant_path').notNull().default(''),
    quantity: integer('quantity').notNull(),
    message: text('message').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('cart_items_user_product_variant_unique').on(
      table.userId,
      table.productId,
      table.variantPath,
    ),
    index('cart_items_user_time_idx').on(table.userId, table.createdAt, table.id),
    check('cart_items_quantity_positive', sql`${table.quantity} >= 1`),
  ],
);

export type CartItemRow = typeof cartItems.$inferSelect;
