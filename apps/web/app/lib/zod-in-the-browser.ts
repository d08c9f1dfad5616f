import { config } from 'zod/v4/core';

// The browser build resolves every `import … from 'zod'` to this module (vite.config.ts), so the setting
// below is made before any module of the page builds a schema, whatever order the modules run in
// (decision 0052).
//
// Zod compiles a fast path for object schemas with `new Function`, and checks that it may when the
// schema is built; the store's Content-Security-Policy refuses that (and reports it as a violation) in
// the browser. The browser validates a form at a time, so the interpreted path costs nothing a shopper
// notices. The server renders pages in the same process as the API and keeps the compiled path there.
if (typeof document !== 'undefined') config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
