import { bigint, timestamp, uuid } from 'drizzle-orm/pg-core';

// Column shapes the tables share, said once. Each call builds a new column, so one table may use a shape
// many times.

/** A row's own id: a random uuid the database draws. */
export const randomId = () => uuid('id').primaryKey().defaultRandom();

/** A moment, with its time zone; null until it happens, unless the column says otherwise. */
export const timestampTz = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was written. */
export const createdAt = () => timestampTz('created_at').notNull().defaultNow();

/** When the row last changed; the statement that changes the row sets it. */
export const updatedAt = () => timestampTz('updated_at').notNull().defaultNow();

/** An amount of money in minor units (cents), read as a number: every amount the store holds is far below 2^53. */
export const minorUnits = (name: string) => bigint(name, { mode: 'number' });
