import { z } from 'zod';
import { fails } from '../validation/issue-codes.js';
import { isWithinCategory } from './categories.js';
import { categoryIdSchema } from './schemas.js';

// The back office's category tree: its wire shapes and the rules both the server and the screens apply.

export const CATEGORY_NAME_MAX_LENGTH = 80;
export const CATEGORY_ID_MAX_LENGTH = 64;

/** A category as staff see it: where it sits, whether it is shown, and what it holds. */
export const adminCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  parentId: z.string().nullable(),
  path: z.string(),
  position: z.int(),
  disabled: z.boolean(),
  /** Products filed directly under this category, disabled ones included. */
  productCount: z.int(),
  childCount: z.int(),
});
export type AdminCategory = z.infer<typeof adminCategorySchema>;

export const adminCategoryListSchema = z.object({ categories: z.array(adminCategorySchema) });

const categoryNameSchema = z
  .string(fails('category/invalid_name'))
  .trim()
  .min(1, fails('category/invalid_name'))
  .max(CATEGORY_NAME_MAX_LENGTH, fails('category/invalid_name'));

const parentIdField = z.union([categoryIdSchema, z.null()], fails('category/not_found'));

export const categoryCreateSchema = z.object({
  name: categoryNameSchema,
  parentId: parentIdField,
  /** Derived from the name when left out; needed when the name has no Latin letters or digits. */
  id: z
    .string(fails('category/invalid_id'))
    .trim()
    .max(CATEGORY_ID_MAX_LENGTH, fails('category/invalid_id'))
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, fails('category/invalid_id'))
    .optional(),
});
export type CategoryCreateInput = z.input<typeof categoryCreateSchema>;

export const categoryUpdateSchema = z
  .object({ name: categoryNameSchema.optional(), disabled: z.boolean().optional() })
  .refine((change) => change.name !== undefined || change.disabled !== undefined, {
    message: 'general/missing_argument',
  });
export type CategoryUpdateInput = z.input<typeof categoryUpdateSchema>;

/** Where a category goes: under `parentId` (null for the top level), at `position` among its siblings. */
export const categoryMoveSchema = z.object({
  parentId: parentIdField,
  position: z.int().min(0).max(10_000),
});
export type CategoryMoveInput = z.input<typeof categoryMoveSchema>;

export const adminCategoryResponseSchema = z.object({ category: adminCategorySchema });

/**
 * The id a new category (or the address name a new merchant) gets from its name: 'Rice Cookers & Kettles'
 * -> 'rice-cookers-kettles'. Accents are dropped; an empty result (a name in another script) means the id
 * must be given.
 */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, CATEGORY_ID_MAX_LENGTH)
    .replace(/-+$/, '');
}

/** Whether putting the category at `path` under the one at `parentPath` would make it its own ancestor. */
export function moveMakesCycle(path: string, parentPath: string | null): boolean {
  return parentPath !== null && isWithinCategory(parentPath, path);
}

/** `ids` with `id` taken out and put back at `position` (clamped to the list): the siblings' new order. */
export function placeAt(ids: readonly string[], id: string, position: number): string[] {
  const others = ids.filter((other) => other !== id);
  const at = Math.max(0, Math.min(position, others.length));
  return [...others.slice(0, at), id, ...others.slice(at)];
}
