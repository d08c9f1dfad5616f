import { catalogueDemoSeeder } from '../features/catalogue/catalogue.demo.js';
import { checkoutDemoSeeder } from '../features/checkout/checkout.demo.js';
import { contactDemoSeeder } from '../features/contact/contact.demo.js';
import { contentDemoSeeder } from '../features/content/content.demo.js';
import { regionsDemoSeeder } from '../features/regions/regions.demo.js';
import type { DemoSeeder } from './demo-data.js';

/**
 * The demo store, in the order its parts depend on each other. Each feature that has demo data adds
 * its seeder here.
 */
export const demoSeeders: readonly DemoSeeder[] = [
  regionsDemoSeeder,
  catalogueDemoSeeder,
  contentDemoSeeder,
  checkoutDemoSeeder,
  contactDemoSeeder,
];
