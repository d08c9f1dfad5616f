import { describe, expect, it } from 'vitest';
import { money } from '../money/index.js';
import {
  allVariantPaths,
  buildCategoryTree,
  type CategoryNode,
  categoryIdSchema,
  flattenCategoryTree,
  imageUrl,
  isInStock,
  isValidVariantPath,
  isWithinCategory,
  linePrice,
  optionalImageUrl,
  parentIdOfPath,
  parseVariantPath,
  productSearchQuerySchema,
  thumbnailPath,
  variantLabel,
  variantPathOf,
} from './index.js';

const shirt = [
  { name: 'Colour', options: ['Black', 'White'] },
  { name: 'Size', options: ['S', 'M', 'L'] },
];

describe('variant paths', () => {
  it('joins option indexes with slashes, and is empty without variants', () => {
    expect(variantPathOf([1, 2])).toBe('1/2');
    expect(variantPathOf([])).toBe('');
  });

  it('parses well-formed paths only', () => {
    expect(parseVariantPath('')).toEqual([]);
    expect(parseVariantPath('0/12')).toEqual([0, 12]);
    for (const bad of ['/', '0/', '01', '-1', '1.5', 'a', '0//1', ' 0'])
      expect(parseVariantPath(bad)).toBeNull();
  });

  it('accepts a path only when it picks one existing option of every variant', () => {
    expect(isValidVariantPath(shirt, '1/2')).toBe(true);
    expect(isValidVariantPath(shirt, '2/0')).toBe(false);
    expect(isValidVariantPath(shirt, '0')).toBe(false);
    expect(isValidVariantPath(shirt, '0/0/0')).toBe(false);
    expect(isValidVariantPath([], '')).toBe(true);
    expect(isValidVariantPath([], '0')).toBe(false);
  });

  it('lists every combination in path order', () => {
    expect(allVariantPaths(shirt)).toEqual(['0/0', '0/1', '0/2', '1/0', '1/1', '1/2']);
    expect(allVariantPaths([])).toEqual(['']);
  });
});

describe('variantLabel', () => {
  it('names each chosen option', () => {
    expect(variantLabel(shirt, '1/0')).toBe('Colour: White, Size: S');
  });

  it('builds no label unless the path has as many segments as the product has variants (spec 5)', () => {
    expect(variantLabel(shirt, '1')).toBeNull();
    expect(variantLabel(shirt, '1/0/0')).toBeNull();
    expect(variantLabel(shirt, '')).toBeNull();
    expect(variantLabel([], '')).toBeNull();
  });

  it('builds no label for an option that does not exist', () => {
    expect(variantLabel(shirt, '0/9')).toBeNull();
  });
});

describe('isInStock (spec 4)', () => {
  const product = { stock: 7, variantPaths: { '0/0': { stock: 2 }, '0/1': { stock: 0 } } };

  it("uses the chosen variant's stock", () => {
    expect(isInStock(product, '0/0', 2)).toBe(true);
    expect(isInStock(product, '0/0', 3)).toBe(false);
    expect(isInStock(product, '0/1', 1)).toBe(false);
  });

  it("falls back to the product's stock when the path has no entry", () => {
    expect(isInStock(product, '', 7)).toBe(true);
    expect(isInStock(product, '', 8)).toBe(false);
    expect(isInStock({ stock: 1, variantPaths: {} }, '', 1)).toBe(true);
  });

  it('never treats an inherited property name as a variant path', () => {
    expect(isInStock({ stock: 0, variantPaths: {} }, 'constructor', 1)).toBe(false);
  });

  it('refuses quantities that are not positive whole numbers', () => {
    expect(isInStock(product, '', 0)).toBe(false);
    expect(isInStock(product, '', 1.5)).toBe(false);
  });
});

describe('linePrice (spec 9)', () => {
  it('is the unit price times the quantity, in the same currency', () => {
    expect(linePrice(money(1999, 'SGD'), 3)).toEqual(money(5997, 'SGD'));
    expect(linePrice(money(1200, 'JPY'), 2)).toEqual(money(2400, 'JPY'));
  });
});

describe('category tree', () => {
  const tree: CategoryNode[] = [
    {
      id: 'electronics',
      name: 'Electronics',
      children: [
        { id: 'audio', name: 'Audio', children: [{ id: 'headphones', name: 'Headphones', children: [] }] },
      ],
    },
    { id: 'toys', name: 'Toys', children: [] },
  ];

  it('derives dotted paths, parents and depths (spec 3)', () => {
    expect(flattenCategoryTree(tree)).toEqual([
      { id: 'electronics', name: 'Electronics', path: 'electronics', parentId: null, depth: 0 },
      { id: 'audio', name: 'Audio', path: 'electronics.audio', parentId: 'electronics', depth: 1 },
      {
        id: 'headphones',
        name: 'Headphones',
        path: 'electronics.audio.headphones',
        parentId: 'audio',
        depth: 2,
      },
      { id: 'toys', name: 'Toys', path: 'toys', parentId: null, depth: 0 },
    ]);
  });

  it('rebuilds the same tree from flat rows', () => {
    expect(buildCategoryTree(flattenCategoryTree(tree))).toEqual(tree);
  });

  it('reads the parent off a path and tells descendants apart from look-alike siblings', () => {
    expect(parentIdOfPath('electronics.audio.headphones')).toBe('audio');
    expect(parentIdOfPath('electronics')).toBeNull();
    expect(isWithinCategory('electronics.audio.headphones', 'electronics.audio')).toBe(true);
    expect(isWithinCategory('electronics.audio', 'electronics.audio')).toBe(true);
    expect(isWithinCategory('electronics.audiophile', 'electronics.audio')).toBe(false);
  });

  it('takes lower-case slugs without dots as ids', () => {
    expect(categoryIdSchema.safeParse('home-living').success).toBe(true);
    for (const bad of ['Home', 'a.b', '-a', 'a--b', ''])
      expect(categoryIdSchema.safeParse(bad).success).toBe(false);
  });
});

describe('image paths (spec 9)', () => {
  it('puts the thumbnail suffix before the extension', () => {
    expect(thumbnailPath('products/abc.svg')).toBe('products/abc_thumb.svg');
    expect(thumbnailPath('/images/products/abc.svg')).toBe('/images/products/abc_thumb.svg');
    expect(thumbnailPath('https://cdn.example.com/a.b/c.png')).toBe(
      'https://cdn.example.com/a.b/c_thumb.png',
    );
  });

  it('appends the suffix to a path without an extension', () => {
    expect(thumbnailPath('products/abc')).toBe('products/abc_thumb');
    expect(thumbnailPath('products.v2/abc')).toBe('products.v2/abc_thumb');
    expect(thumbnailPath('products/.hidden')).toBe('products/.hidden_thumb');
  });

  it('serves stored keys under /images/', () => {
    expect(imageUrl('products/abc.svg')).toBe('/images/products/abc.svg');
  });

  it('leaves an absent picture absent', () => {
    expect(optionalImageUrl('merchants/logo.webp')).toBe('/images/merchants/logo.webp');
    expect(optionalImageUrl(null)).toBeNull();
  });
});

describe('productSearchQuerySchema', () => {
  it('reads query strings: numbers, booleans, defaults and an upper-cased region', () => {
    expect(
      productSearchQuerySchema.parse({ q: ' shoes ', inStock: 'true', minPrice: '100', region: 'my' }),
    ).toEqual({ q: 'shoes', inStock: true, minPrice: 100, region: 'MY', page: 1, limit: 24 });
  });

  it('bounds paging and refuses a price range that is upside down', () => {
    for (const bad of [
      { limit: '0' },
      { limit: '61' },
      { page: '0' },
      { page: '101' },
      { minPrice: '5', maxPrice: '4' },
    ])
      expect(productSearchQuerySchema.safeParse(bad).success).toBe(false);
    expect(productSearchQuerySchema.safeParse({ limit: '60', page: '100' }).success).toBe(true);
  });
});
