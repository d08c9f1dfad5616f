import { type CategoryEntry, type CategoryNode, flattenCategoryTree } from '@crossbuy/core/catalogue';
import { useEffect, useMemo } from 'react';
import { clearErrorSlot, setErrorSlot } from '../../lib/error-slots';
import { createStore, sameFields, useStoreSelection } from '../../lib/store';

/** The categories (docs/rules/catalogue-and-regions.md), with when they were fetched in epoch seconds (null while empty). */
export type CategoriesCache = { categories: CategoryEntry[]; fetchedAt: number | null };

const EMPTY: CategoriesCache = { categories: [], fetchedAt: null };

export const categoriesCache = createStore<CategoriesCache>(EMPTY);

/**
 * Fills the cache from categories a server render delivered, only when it is empty: what a page
 * loaded first is kept for the rest of the visit rather than replaced by every later page.
 * Returns whether it filled.
 */
export function fillCategoriesIfEmpty(tree: readonly CategoryNode[], nowMs: number = Date.now()): boolean {
  if (categoriesCache.get().fetchedAt !== null) return false;
  categoriesCache.set({ categories: flattenCategoryTree(tree), fetchedAt: Math.floor(nowMs / 1000) });
  return true;
}

/**
 * The categories for a page: the cache once filled, else the tree the page's loader sent (the server
 * render, which never touches the cache). A failed load goes to the categories error slot.
 */
export function useCategories(
  fromLoader: readonly CategoryNode[] | null,
  error: string | null,
): CategoryEntry[] {
  useEffect(() => {
    if (fromLoader) fillCategoriesIfEmpty(fromLoader);
  }, [fromLoader]);
  useEffect(() => {
    if (error) setErrorSlot('categories', new Error(error));
    else if (fromLoader) clearErrorSlot('categories');
  }, [error, fromLoader]);
  const loaded = useMemo(() => (fromLoader ? flattenCategoryTree(fromLoader) : []), [fromLoader]);
  // Filling the cache from this page's own tree changes nothing on screen, and renders nothing again.
  return useStoreSelection(
    categoriesCache,
    (cache) => (cache.fetchedAt !== null ? cache.categories : loaded),
    sameCategories,
  );
}

function sameCategories(a: readonly CategoryEntry[], b: readonly CategoryEntry[]): boolean {
  return (
    a.length === b.length &&
    a.every((category, index) => {
      const other = b[index];
      return other !== undefined && sameFields(category, other);
    })
  );
}

/** The categories directly below `parentId` (null: the top level), in tree order. */
export function childCategories(
  categories: readonly CategoryEntry[],
  parentId: string | null,
): CategoryEntry[] {
  return categories.filter((category) => category.parentId === parentId);
}
