// Part of `npm run bench` (or `node bench/web-bundle.mjs` after a build): the JavaScript a browser downloads to show a page for the first time, gzipped,
// beside its budget. Reads the client build (run `npm run build` first): the entry, the route modules of
// the page and of its parent routes, and every chunk they import statically, each counted once. Lazy
// imports are left out: they load later, if at all. So is React Router's whole-app route manifest
// (assets/manifest-*.js): with lazy route discovery the page's HTML carries the routes it matched and
// the others are asked for as links appear, so a first load never fetches that file (checked in
// Chromium's requests for a product page: 19 scripts, the manifest not among them); it grows with the
// back office's routes, which shoppers never load. Exits non-zero when a budget is missed.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const clientDir = path.join(root, 'apps/web/build/client');
const manifestPath = path.join(clientDir, '.vite/manifest.json');

// The routes above every page (app/routes.ts): the root and the optional country segment's layout.
const LAYOUTS = ['app/root.tsx', 'app/routes/country-layout.tsx'];

// 150 kB until the product page could buy: its cart buttons and the header's cart count bring TanStack
// Query (about 16 kB), the per-user data layer the architecture chose; the quotation form's schemas load
// only when it is sent.
const pages = [{ name: 'product page (/product/:id)', route: 'app/routes/product.tsx', budgetKb: 165 }];

if (!existsSync(manifestPath)) {
  console.error(`No build manifest at ${path.relative(root, manifestPath)}; run \`npm run build\` first.`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

// React Router builds each route module as `<file>?__react-router-build-client-route`.
function keyOf(source) {
  const key = Object.keys(manifest).find((candidate) => candidate.split('?')[0] === source);
  if (!key) throw new Error(`${source} is not in the build manifest`);
  return key;
}

/** Manifest keys of `start` and everything it imports statically, transitively. */
function staticClosure(start) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(start);
  return seen;
}

// Without an app/entry.client.tsx of its own, the app uses React Router's default entry.
const entryKey = Object.keys(manifest).find((key) => /(^|\/)entry\.client\.[jt]sx?$/.test(key.split('?')[0]));
if (!entryKey) throw new Error('No client entry in the build manifest');

// zlib's default level, as servers and Vite's own report use; kB are 1,000 bytes, as Vite reports them.
const gzipKb = (file) => gzipSync(readFileSync(path.join(clientDir, file))).length / 1000;

let failed = false;
for (const page of pages) {
  const keys = new Set();
  for (const start of [entryKey, ...[...LAYOUTS, page.route].map(keyOf)]) {
    for (const key of staticClosure(start)) keys.add(key);
  }
  const files = [...new Set([...keys].map((key) => manifest[key].file))];
  const rows = files
    .map((file) => ({ file, 'gzip kB': Number(gzipKb(file).toFixed(2)) }))
    .sort((a, b) => b['gzip kB'] - a['gzip kB']);
  const total = rows.reduce((sum, row) => sum + row['gzip kB'], 0);
  const ok = total < page.budgetKb;
  failed ||= !ok;
  console.log(`\n${page.name}: first-load JavaScript`);
  console.table(rows);
  console.log(
    `total ${total.toFixed(1)} kB gzipped in ${files.length} files (budget < ${page.budgetKb} kB): ${ok ? 'ok' : 'MISSED'}`,
  );
}
process.exit(failed ? 1 : 0);
