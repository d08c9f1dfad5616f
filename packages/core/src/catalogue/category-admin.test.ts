import { describe, expect, it } from 'vitest';
import { categoryCreateSchema, moveMakesCycle, placeAt, slugFromName } from './category-admin.js';

describe('slugFromName', () => {
  it('makes a lower-case slug, dropping accents and punctuation', () => {
    expect(slugFromName(' Rice Cookers & Kettles ')).toBe('rice-cookers-kettles');
    expect(slugFromName('Crème brûlée -- tools')).toBe('creme-brulee-tools');
  });

  it('gives nothing for a name without Latin letters or digits', () => {
    expect(slugFromName('キッチン')).toBe('');
  });

  it('keeps within the id length without a trailing hyphen', () => {
    const id = slugFromName(`${'a'.repeat(63)} b`);
    expect(id).toBe('a'.repeat(63));
    expect(categoryCreateSchema.safeParse({ name: 'x', parentId: null, id }).success).toBe(true);
  });
});

describe('moveMakesCycle', () => {
  it('refuses the category itself and anything below it as the new parent', () => {
    expect(moveMakesCycle('fashion', 'fashion')).toBe(true);
    expect(moveMakesCycle('fashion', 'fashion.shoes.sneakers')).toBe(true);
  });

  it('allows the top level, a sibling, an ancestor and a category sharing a prefix', () => {
    expect(moveMakesCycle('fashion.shoes', null)).toBe(false);
    expect(moveMakesCycle('fashion.shoes', 'fashion.bags')).toBe(false);
    expect(moveMakesCycle('fashion.shoes', 'fashion')).toBe(false);
    expect(moveMakesCycle('electronics.audio', 'electronics.audiobooks')).toBe(false);
  });
});

describe('placeAt', () => {
  it('moves an id to a position among the others, clamped to the list', () => {
    expect(placeAt(['a', 'b', 'c'], 'c', 0)).toEqual(['c', 'a', 'b']);
    expect(placeAt(['a', 'b', 'c'], 'a', 1)).toEqual(['b', 'a', 'c']);
    expect(placeAt(['a', 'b', 'c'], 'a', 99)).toEqual(['b', 'c', 'a']);
    expect(placeAt(['a', 'b'], 'new', 1)).toEqual(['a', 'new', 'b']);
  });
});
