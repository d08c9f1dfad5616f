import {
  type AdminCategory,
  categoryPath,
  moveMakesCycle,
  placeAt,
  slugFromName,
} from '@crossbuy/core/catalogue';
import { AppError } from '@crossbuy/core/errors';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { queryRows } from '../../db/query-rows.js';
import { isUniqueViolation } from '../../lib/db-errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { type CategoryRow, categories } from '../catalogue/catalogue.table.js';
import { announceCatalogueChange } from '../catalogue/catalogue-caches.js';
import { refreshProductSearchFields } from './product-admin.service.js';

const adminCategoryFields = {
  id: categories.id,
  name: categories.name,
  parentId: categories.parentId,
  path: categories.path,
  position: categories.position,
  disabled: categories.disabled,
  productCount: sql<number>`(SELECT count(*)::int FROM products AS p WHERE p.category_id = "categories"."id")`,
  childCount: sql<number>`(SELECT count(*)::int FROM categories AS c WHERE c.parent_id = "categories"."id")`,
};

/** Every category, depth first by position then name within each parent, disabled ones included. */
export async function listAdminCategories(db: Database): Promise<AdminCategory[]> {
  const rows = await db
    .select(adminCategoryFields)
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name));
  const byParent = new Map<string | null, AdminCategory[]>();
  for (const row of rows) {
    const siblings = byParent.get(row.parentId) ?? [];
    siblings.push(row);
    byParent.set(row.parentId, siblings);
  }
  const ordered: AdminCategory[] = [];
  const visit = (parentId: string | null) => {
    for (const row of byParent.get(parentId) ?? []) {
      ordered.push(row);
      visit(row.id);
    }
  };
  visit(null);
  return ordered;
}

async function adminCategory(db: Database, id: string): Promise<AdminCategory> {
  const [row] = await db.select(adminCategoryFields).from(categories).where(eq(categories.id, id));
  if (!row) throw new AppError('category/not_found', [id]);
  return row;
}

/**
 * Changes to the tree's shape (adding, moving, deleting) take one lock on the table, so a check that a move
 * makes no cycle or that a category is empty still holds when the change is written: two moves that would
 * each be fine alone but together make a loop run one after the other, and the second sees the first.
 * Readers are not blocked, nor are products pointing at categories (their key locks do not conflict).
 */
async function lockTreeShape(tx: Database): Promise<void> {
  await tx.execute(sql`LOCK TABLE ${categories} IN SHARE ROW EXCLUSIVE MODE`);
}

async function lockedCategory(tx: Database, id: string): Promise<CategoryRow> {
  const [row] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
  if (!row) throw new AppError('category/not_found', [id]);
  return row;
}

async function parentPathOf(tx: Database, parentId: string | null): Promise<string | null> {
  if (parentId === null) return null;
  const [parent] = await tx
    .select({ path: categories.path })
    .from(categories)
    .where(eq(categories.id, parentId));
  if (!parent) throw new AppError('category/not_found', [parentId]);
  return parent.path;
}

/** Numbers the children of `parentId` 0, 1, 2... in the order of `ids`. */
async function renumberSiblings(tx: Database, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const values = sql.join(
    ids.map((id, position) => sql`(${id}, ${position}::int)`),
    sql`, `,
  );
  await tx.execute(sql`
    UPDATE ${categories} AS c SET position = v.position
      FROM (VALUES ${values}) AS v(id, position)
     WHERE c.id = v.id AND c.position <> v.position`);
}

async function siblingIds(tx: Database, parentId: string | null): Promise<string[]> {
  const rows = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(parentId === null ? sql`${categories.parentId} IS NULL` : eq(categories.parentId, parentId))
    .orderBy(asc(categories.position), asc(categories.name));
  return rows.map((row) => row.id);
}

/** Adds a category at the end of its parent's children. */
export async function createCategory(
  db: Database,
  actorUserId: string,
  input: { name: string; parentId: string | null; id?: string | undefined },
): Promise<AdminCategory> {
  const id = input.id ?? slugFromName(input.name);
  if (id === '') throw new AppError('category/invalid_id');
  try {
    await db.transaction(async (tx) => {
      await lockTreeShape(tx);
      const parentPath = await parentPathOf(tx, input.parentId);
      const siblings = await siblingIds(tx, input.parentId);
      const row = {
        id,
        name: input.name,
        parentId: input.parentId,
        path: categoryPath(parentPath, id),
        position: siblings.length,
      };
      await tx.insert(categories).values(row);
      await renumberSiblings(tx, [...siblings, id]);
      await recordAudit(tx, {
        actorUserId,
        action: 'category.create',
        subject: { type: 'category', id },
        before: null,
        after: { name: row.name, parentId: row.parentId, position: row.position },
      });
      await announceCatalogueChange(tx);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('category/id_taken', [id]);
    throw error;
  }
  return adminCategory(db, id);
}

/** Renames, disables or enables a category. */
export async function updateCategory(
  db: Database,
  actorUserId: string,
  id: string,
  change: { name?: string | undefined; disabled?: boolean | undefined },
): Promise<AdminCategory> {
  await db.transaction(async (tx) => {
    const row = await lockedCategory(tx, id);
    const set = {
      ...(change.name !== undefined && { name: change.name }),
      ...(change.disabled !== undefined && { disabled: change.disabled }),
    };
    await tx.update(categories).set(set).where(eq(categories.id, id));
    if (set.name !== undefined) await refreshProductSearchFields(tx, { categoryPath: row.path });
    await recordAudit(tx, {
      actorUserId,
      action: 'category.update',
      subject: { type: 'category', id },
      before: {
        ...(change.name !== undefined && { name: row.name }),
        ...(change.disabled !== undefined && { disabled: row.disabled }),
      },
      after: set,
    });
    await announceCatalogueChange(tx);
  });
  return adminCategory(db, id);
}

/**
 * Puts a category under `parentId` at `position` among its new siblings, with everything below it: their
 * paths are rewritten in the same statement. Refused when the new parent is the category or lies below it.
 */
export async function moveCategory(
  db: Database,
  actorUserId: string,
  id: string,
  move: { parentId: string | null; position: number },
): Promise<AdminCategory> {
  await db.transaction(async (tx) => {
    await lockTreeShape(tx);
    const row = await lockedCategory(tx, id);
    const parentPath = await parentPathOf(tx, move.parentId);
    if (moveMakesCycle(row.path, parentPath)) throw new AppError('category/invalid_move');
    const newPath = categoryPath(parentPath, id);
    if (newPath !== row.path) {
      await tx.execute(sql`
        UPDATE ${categories}
           SET path = ${newPath} || substr(path, ${row.path.length + 1}),
               parent_id = CASE WHEN id = ${id} THEN ${move.parentId} ELSE parent_id END
         WHERE path = ${row.path} OR path LIKE ${`${row.path}.%`}`);
      await renumberSiblings(tx, await siblingIds(tx, row.parentId));
      await refreshProductSearchFields(tx, { categoryPath: newPath });
    }
    const order = placeAt(await siblingIds(tx, move.parentId), id, move.position);
    await renumberSiblings(tx, order);
    await recordAudit(tx, {
      actorUserId,
      action: 'category.move',
      subject: { type: 'category', id },
      before: { parentId: row.parentId, position: row.position },
      after: { parentId: move.parentId, position: order.indexOf(id) },
    });
    await announceCatalogueChange(tx);
  });
  return adminCategory(db, id);
}

/** Deletes a category that holds no products and no categories; otherwise says so. */
export async function deleteCategory(db: Database, actorUserId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTreeShape(tx);
    const row = await lockedCategory(tx, id);
    // A product filed here meanwhile holds a key lock on the row, so the lock above waited for it and this
    // sees it; one filed after waits for the delete and then fails on its foreign key.
    const [held] = await queryRows<{ held: boolean }>(
      tx,
      sql`SELECT EXISTS (SELECT 1 FROM categories WHERE parent_id = ${id})
              OR EXISTS (SELECT 1 FROM products WHERE category_id = ${id}) AS held`,
    );
    if (held?.held) throw new AppError('category/not_empty', [row.name]);
    await tx.delete(categories).where(eq(categories.id, id));
    await renumberSiblings(tx, await siblingIds(tx, row.parentId));
    await recordAudit(tx, {
      actorUserId,
      action: 'category.delete',
      subject: { type: 'category', id },
      before: { name: row.name, parentId: row.parentId, position: row.position },
      after: null,
    });
    await announceCatalogueChange(tx);
  });
}
