import type { Readiness } from '@crossbuy/core/settings';
import { type Database, isDatabaseReachable, pendingMigrations } from '../../db/client.js';

/**
 * Whether this process should be sent requests: its database answers, holds every migration of this
 * build, and the process is not stopping. A proxy or an orchestrator takes a process that is not ready
 * out of its rotation; liveness is the process answering at all.
 */
export async function readinessOf(db: Database, draining: boolean): Promise<Readiness> {
  const reachable = await isDatabaseReachable(db);
  const migrations = reachable ? ((await pendingMigrations(db)) === 0 ? 'applied' : 'pending') : 'unknown';
  return {
    ready: reachable && migrations === 'applied' && !draining,
    database: reachable ? 'reachable' : 'unreachable',
    migrations,
    draining,
  };
}
