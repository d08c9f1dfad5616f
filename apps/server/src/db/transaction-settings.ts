import { sql } from 'drizzle-orm';

// Settings a statement makes for the rest of its own transaction only (`set_config(..., true)`): they end
// with it, so the next transaction on the connection runs as every other one does. A statement selects or
// returns one as a column, which costs no round trip of its own.

/**
 * From here to the end of the transaction, PostgreSQL runs its prepared statements on their generic plans
 * instead of planning every call for its values. For transactions whose statements all find their rows by
 * key (placing an order), where the generic plan is the custom one without the planning, and planning was
 * about a third of the database's work per order (decision 0061). Listings, whose generic plans are far
 * slower (decision 0017), keep custom plans.
 */
export const GENERIC_PLANS_FROM_HERE = sql`set_config('plan_cache_mode', 'force_generic_plan', true)`;

/**
 * This transaction's commit answers without waiting for the disk. Only for writes a shopper can lose to a
 * database crash at no cost but doing them again, never for money, stock or anything promised (decision
 * 0075): adding to a cart line, whose wait for the disk was most of its slowest answers.
 */
export const COMMIT_WITHOUT_WAITING = sql`set_config('synchronous_commit', 'off', true)`;
