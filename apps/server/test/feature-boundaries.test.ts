import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The server's features depend on each other one way (docs/architecture.md, "Features and their
// direction"): a feature may use the services and read the tables of the features below it, never of one
// above it. Biome's noImportCycles sees cycles between files; this sees them between feature folders,
// which file-level checks miss (a.service → b.service and b.routes → a.table is no file cycle).

const FEATURES = fileURLToPath(new URL('../src/features/', import.meta.url));

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Which feature folders each feature's source files import, and through which files. */
function featureGraph(): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const feature of readdirSync(FEATURES)) {
    const uses = new Map<string, string[]>();
    graph.set(feature, uses);
    for (const file of sourceFiles(path.join(FEATURES, feature))) {
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const target = path.relative(FEATURES, path.resolve(path.dirname(file), specifier ?? ''));
        const used = target.split(path.sep)[0];
        if (target.startsWith('..') || !used || used === feature) continue;
        uses.set(used, [...(uses.get(used) ?? []), `${path.relative(FEATURES, file)} → ${target}`]);
      }
    }
  }
  return graph;
}

/** The graph's strongly connected components of more than one feature (Tarjan's algorithm). */
function rings(graph: Map<string, Map<string, string[]>>): string[][] {
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (feature: string) => {
    order.set(feature, order.size);
    low.set(feature, order.get(feature)!);
    stack.push(feature);
    for (const used of graph.get(feature)?.keys() ?? []) {
      if (!order.has(used)) {
        visit(used);
        low.set(feature, Math.min(low.get(feature)!, low.get(used)!));
      } else if (stack.includes(used)) {
        low.set(feature, Math.min(low.get(feature)!, order.get(used)!));
      }
    }
    if (low.get(feature) !== order.get(feature)) return;
    const ring: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member) ring.push(member);
    } while (member && member !== feature);
    if (ring.length > 1) found.push(ring.sort());
  };
  for (const feature of graph.keys()) if (!order.has(feature)) visit(feature);
  return found;
}

/** The imports between the members of a ring, which a change must remove one of to break it. */
function importsWithin(graph: Map<string, Map<string, string[]>>, ring: string[]): string[] {
  return ring.flatMap((feature) =>
    [...(graph.get(feature) ?? [])].flatMap(([used, imports]) => (ring.includes(used) ? imports : [])),
  );
}

describe('feature folders', () => {
  const graph = featureGraph();

  it('reads the imports of every feature', () => {
    expect(graph.size).toBeGreaterThan(20);
    expect(graph.get('checkout')?.get('cart')).toContain(
      'checkout/checkout.service.ts → cart/cart.service.js',
    );
  });

  it('import each other one way', () => {
    const imports = rings(graph).map((ring) => importsWithin(graph, ring));
    expect(imports, 'imports that close a ring between features').toEqual([]);
  });

  it('finds a ring where there is one', () => {
    const ring = new Map([
      ['a', new Map([['b', ['a.ts → b.ts']]])],
      ['b', new Map([['c', ['b.ts → c.ts']]])],
      ['c', new Map([['a', ['c.ts → a.ts']]])],
      ['d', new Map([['a', ['d.ts → a.ts']]])],
    ]);
    expect(rings(ring)).toEqual([['a', 'b', 'c']]);
  });
});
