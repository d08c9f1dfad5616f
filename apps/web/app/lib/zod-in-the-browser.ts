import { config } from 'zod/v4/core';

// Zod compiles a fast path for object schemas with `new Function`, which the store's Content-Security-Policy
// refuses (and reports as a violation) in the browser. The browser validates a form at a time, so the
// interpreted path costs nothing a shopper notices. The server renders pages in the same process as the
// API and keeps the compiled path there.
if (typeof document !== 'undefined') config({ jitless: true });
