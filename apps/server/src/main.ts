// The server alone, with no demo store: DEMO_DATA is honoured by the demo workspace's entry point
// (apps/demo/src/main.ts), which `npm start` and the image run (docs/decisions/0084).
import { startServer } from './start.js';

startServer();
