/** A category as the server sends it: the tree alone; paths and parents are derived (docs/rules/catalogue-and-regions.md). */
export type CategoryNode = { id: string; name: string; children: CategoryNode[] };

/** A category with what is derived from its place in the tree. */
export type CategoryEntry = {
  id: string;
  name: string;
  /** The ids from the root down to this category, joined by '.', e.g. 'electronics.audio.headphones'. */
  path: string;
  parentId: string | null;
  depth: number;
};

export function categoryPath(parentPath: string | null, id: string): string {
  return parentPath === null ? id : `${parentPath}.${id}`;
}

/** The parent's id read off a dotted path; null for a root category. */
export function parentIdOfPath(path: string): string | null {
  const segments = path.split('.');
  return segments.length > 1 ? (segments[segments.length - 2] ?? null) : null;
}

/** Whether the category at `path` is `ancestorPath` itself or lies below it. */
export function isWithinCategory(path: string, ancestorPath: string): boolean {
  return path === ancestorPath || path.startsWith(`${ancestorPath}.`);
}

/** Every category of the tree, depth first, with its dotted path, parent and depth derived. */
export function flattenCategoryTree(roots: readonly CategoryNode[]): CategoryEntry[] {
  const entries: CategoryEntry[] = [];
  const visit = (node: CategoryNode, parent: CategoryEntry | null) => {
    const entry: CategoryEntry = {
      id: node.id,
      name: node.name,
      path: categoryPath(parent?.path ?? null, node.id),
      parentId: parent?.id ?? null,
      depth: parent ? parent.depth + 1 : 0,
    };
    entries.push(entry);
    for (const child of node.children) visit(child, entry);
  };
  for (const root of roots) visit(root, null);
  return entries;
}

/** Rebuilds the tree from flat rows with parents; children keep the order of `rows`. */
export function buildCategoryTree(
  rows: readonly { id: string; name: string; parentId: string | null }[],
): CategoryNode[] {
  const nodes = new Map(
    rows.map((row) => [row.id, { id: row.id, name: row.name, children: [] as CategoryNode[] }]),
  );
  const roots: CategoryNode[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}
