import { categoryPath } from '@crossbuy/core/catalogue';
import type { Database } from '@crossbuy/server/db/client.js';
import { categories } from '@crossbuy/server/features/catalogue/catalogue.table.js';
import { BEAUTY } from './departments/beauty.js';
import type { Department, LeafSpec, ProductKind } from './departments/department.js';
import { ELECTRONICS } from './departments/electronics.js';
import { FASHION } from './departments/fashion.js';
import { HOME_LIVING } from './departments/home-living.js';
import { SPORTS_OUTDOORS } from './departments/sports-outdoors.js';
import { TOYS_HOBBIES } from './departments/toys-hobbies.js';

// The generated store's categories: its departments, in the order the store lists them, and the leaf
// categories that hold its products.

const CATEGORY_TREE: Department[] = [
  FASHION,
  ELECTRONICS,
  HOME_LIVING,
  BEAUTY,
  TOYS_HOBBIES,
  SPORTS_OUTDOORS,
];

type CategorySeedRow = typeof categories.$inferInsert;

/** The tree as table rows, parents before children, with materialised paths. */
function categoryRows(): CategorySeedRow[] {
  const rows: CategorySeedRow[] = [];
  CATEGORY_TREE.forEach((root, rootIndex) => {
    const rootPath = categoryPath(null, root.id);
    rows.push({ id: root.id, name: root.name, parentId: null, path: rootPath, position: rootIndex });
    root.children.forEach((branch, branchIndex) => {
      const branchPath = categoryPath(rootPath, branch.id);
      rows.push({
        id: branch.id,
        name: branch.name,
        parentId: root.id,
        path: branchPath,
        position: branchIndex,
      });
      branch.children.forEach((leafSpec, leafIndex) => {
        rows.push({
          id: leafSpec.id,
          name: leafSpec.name,
          parentId: branch.id,
          path: categoryPath(branchPath, leafSpec.id),
          position: leafIndex,
        });
      });
    });
  });
  return rows;
}

export type LeafPlace = { leaf: LeafSpec; kind: ProductKind; keywords: string };

/** Every leaf category in the tree's order, with the words of its place in the tree. */
export function leafPlaces(): LeafPlace[] {
  return CATEGORY_TREE.flatMap((root) =>
    root.children.flatMap((branch) =>
      branch.children.map((leafSpec) => ({
        leaf: leafSpec,
        kind: leafSpec.kind,
        keywords: `${root.name} ${branch.name} ${leafSpec.name}`,
      })),
    ),
  );
}

/** The ids of the categories that hold products. */
export function leafCategoryIds(): string[] {
  return leafPlaces().map((place) => place.leaf.id);
}

/** The kind of product a leaf category holds. */
export function productKindOf(categoryId: string): ProductKind {
  const place = leafPlaces().find((candidate) => candidate.leaf.id === categoryId);
  if (!place) throw new Error(`No product kind for category ${categoryId}`);
  return place.kind;
}

export async function insertCategories(db: Database): Promise<void> {
  await db.insert(categories).values(categoryRows());
}
