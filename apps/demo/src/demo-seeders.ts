import { catalogueDemoSeeder } from './catalogue/catalogue.demo.js';
import { checkoutDemoSeeder } from './checkout/checkout.demo.js';
import { contactDemoSeeder } from './contact/contact.demo.js';
import { contentDemoSeeder } from './content/content.demo.js';
import type { DemoSeeder } from './demo-data.js';
import { regionsDemoSeeder } from './regions/regions.demo.js';

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
