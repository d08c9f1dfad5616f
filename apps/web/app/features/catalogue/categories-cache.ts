import { type CategoryEntry, type CategoryNode, flattenCategoryTree } from '@crossbuy/core/catalogue';
import { useEffect, useMemo } from 'react';
import { clearErrorSlot, setErrorSlot } from '../../lib/error-slots';
import { createStore, useStore } from '../../lib/store';

/** Spec section 4: the categories, with when they were fetched in epoch seconds (null while empty). */
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
  const cache = useStore(categoriesCache);
  useEffect(() => {
    if (fromLoader) fillCategoriesIfEmpty(fromLoader);
  }, [fromLoader]);
  useEffect(() => {
    if (error) setErrorSlot('categories', new Error(error));
    else if (fromLoader) clearErrorSlot('categories');
  }, [error, fromLoader]);
  const loaded = useMemo(() => (fromLoader ? flattenCategoryTree(fromLoader) : []), [fromLoader]);
  return cache.fetchedAt !== null ? cache.categories : loaded;
}

/** The categories directly below `parentId` (null: the top level), in tree order. */
export function childCategories(
  categories: readonly CategoryEntry[],
  parentId: string | null,
): CategoryEntry[] {
  return categories.filter((category) => category.parentId === parentId);
}
