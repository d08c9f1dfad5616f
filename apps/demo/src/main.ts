// The store as `npm start`, the end-to-end tests, the benchmarks and the image run it: the server, with
// the demo store laid down on an empty database while DEMO_DATA is on (the default; docs/decisions/0084).
import { startServer } from '@crossbuy/server/start.js';
import { seedDemoDataOnce } from './demo-data.js';
import { demoSeeders } from './demo-seeders.js';

startServer({
  seedStore: async (db, { config, pictures }) => {
    if (config.demoData) await seedDemoDataOnce(db, demoSeeders, { pictures });
  },
});
