import { sql } from 'drizzle-orm';

/**
 * Selected by the first statement of a hot transaction (placing an order): from then until the transaction
 * ends, PostgreSQL runs its prepared statements on their generic plans instead of planning every call for its
 * values. Those statements find their rows by key, where the generic plan is the custom one without the
 * planning, and planning was about a third of the database's work per order (decision 0061). The setting is
 * local to the transaction: listings, whose generic plans are far slower (decision 0017), keep custom plans.
 */
export const GENERIC_PLANS_FROM_HERE = sql`set_config('plan_cache_mode', 'force_generic_plan', true)`;
