import type { CategoryNode } from '@crossbuy/core/catalogue';
import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { clearErrorSlots, getErrorSlot } from '../../lib/error-slots';
import { categoriesCache, fillCategoriesIfEmpty, useCategories } from './categories-cache';

afterEach(() => {
  cleanup();
  categoriesCache.set({ categories: [], fetchedAt: null });
  clearErrorSlots();
});

const tree: CategoryNode[] = [
  {
    id: 'electronics',
    name: 'Electronics',
    children: [
      { id: 'audio', name: 'Audio', children: [{ id: 'headphones', name: 'Headphones', children: [] }] },
    ],
  },
];

const otherTree: CategoryNode[] = [{ id: 'beauty', name: 'Beauty', children: [] }];

let namesRenders = 0;

function Names({ tree: fromLoader, error = null }: { tree: CategoryNode[] | null; error?: string | null }) {
  namesRenders += 1;
  const categories = useCategories(fromLoader, error);
  return <p data-testid="names">{categories.map((category) => category.id).join(',')}</p>;
}

describe('the categories cache', () => {
  it('derives paths and parents, and stamps the fill in epoch seconds', () => {
    expect(fillCategoriesIfEmpty(tree, Date.UTC(2026, 0, 2, 3, 4, 5, 678))).toBe(true);
    expect(categoriesCache.get()).toEqual({
      fetchedAt: Date.UTC(2026, 0, 2, 3, 4, 5) / 1000,
      categories: [
        { id: 'electronics', name: 'Electronics', path: 'electronics', parentId: null, depth: 0 },
        { id: 'audio', name: 'Audio', path: 'electronics.audio', parentId: 'electronics', depth: 1 },
        {
          id: 'headphones',
          name: 'Headphones',
          path: 'electronics.audio.headphones',
          parentId: 'audio',
          depth: 2,
        },
      ],
    });
  });

  it('fills only when empty', () => {
    fillCategoriesIfEmpty(tree, 1_000_000);
    expect(fillCategoriesIfEmpty(otherTree, 2_000_000)).toBe(false);
    expect(categoriesCache.get().fetchedAt).toBe(1000);
    expect(categoriesCache.get().categories.map((category) => category.id)).toEqual([
      'electronics',
      'audio',
      'headphones',
    ]);
  });

  it('is never filled by a server render, which shows the loader data', () => {
    const html = renderToString(<Names tree={tree} />);
    expect(html).toContain('electronics,audio,headphones');
    expect(categoriesCache.get().fetchedAt).toBeNull();
  });

  it('is filled from the first page’s server-rendered data, and later pages read it', async () => {
    render(<Names tree={tree} />);
    await act(async () => {});
    expect(categoriesCache.get().fetchedAt).not.toBeNull();
    cleanup();

    render(<Names tree={otherTree} />);
    await act(async () => {});
    expect(screen.getByTestId('names').textContent).toBe('electronics,audio,headphones');
  });

  it('renders nothing again when the cache is filled from the page’s own tree', async () => {
    namesRenders = 0;
    render(<Names tree={tree} />);
    await act(async () => {});
    expect(categoriesCache.get().fetchedAt).not.toBeNull();
    expect(namesRenders).toBe(1);
    expect(screen.getByTestId('names').textContent).toBe('electronics,audio,headphones');

    act(() => categoriesCache.set({ categories: [], fetchedAt: 1 }));
    expect(namesRenders).toBe(2);
    expect(screen.getByTestId('names').textContent).toBe('');
  });

  it('keeps a failed load in the categories error slot', async () => {
    render(<Names tree={null} error="Crossbuy is temporarily unavailable." />);
    await act(async () => {});
    expect(getErrorSlot('categories')?.message).toBe('Crossbuy is temporarily unavailable.');
    expect(screen.getByTestId('names').textContent).toBe('');
  });
});
