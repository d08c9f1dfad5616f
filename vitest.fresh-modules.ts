import { vi } from 'vitest';

// Runs before every test file. The test workers keep the libraries under node_modules loaded from one
// file to the next (isolate: false in vitest.config.ts), but the store's own modules are imported afresh
// for each file, so no file sees another's module state: the stores, caches and counters in them start as
// a page or a process starts (docs/decisions/0088).
vi.resetModules();
