import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { categories, products } from '../catalogue/catalogue.table.js';

// Shown only while `active` and inside the optional [starts_at, ends_at) window, so a campaign can be
// scheduled ahead and ends by itself.
const schedule = {
  active: boolean('active').notNull().default(true),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
};

export const banners = pgTable('banners', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  subtitle: text('subtitle').notNull().default(''),
  image: text('image').notNull(),
  link: text('link'),
  position: integer('position').notNull().default(0),
  ...schedule,
});

export const popups = pgTable('popups', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  body: text('body').notNull().default(''),
  image: text('image'),
  link: text('link'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  ...schedule,
});

export type ImagePageImage = { image: string; link: string | null; alt: string };

/** A page made of images (a campaign or a guide), addressed by a readable id. */
export const imagePages = pgTable(
  'image_pages',
  {
    id: text('id').primaryKey(),
    title: text('title').notNull(),
    images: jsonb('images').$type<ImagePageImage[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
  },
  (table) => [check('image_pages_id_format', sql`${table.id} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`)],
);

/** A row of products on the home page: hand-picked items, optionally tied to a category. */
export const homeProductGroups = pgTable('home_product_groups', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  categoryId: text('category_id').references(() => categories.id, { onDelete: 'set null' }),
  position: integer('position').notNull().default(0),
  ...schedule,
});

export const homeProductGroupItems = pgTable(
  'home_product_group_items',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => homeProductGroups.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.productId] }),
    index('home_product_group_items_product_idx').on(table.productId),
  ],
);
