import type { DemoSeeder } from './demo-data.js';

/**
 * The demo store, in the order its parts depend on each other. Each feature that has demo data adds
 * its seeder here.
 */
export const demoSeeders: readonly DemoSeeder[] = [];
