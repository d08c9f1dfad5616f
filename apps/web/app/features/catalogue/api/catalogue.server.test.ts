import { describe, expect, it } from 'vitest';
import { orderedPriceBounds, readListingFilters } from './catalogue.server';

const read = (path: string) => readListingFilters(new URL(path, 'http://store.test'));

async function redirectOf(path: string): Promise<string | null> {
  try {
    read(path);
    return null;
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return thrown.headers.get('location');
  }
}

describe('listing price bounds', () => {
  it('puts bounds given the wrong way round in order', () => {
    expect(orderedPriceBounds('300', '100')).toEqual(['100', '300']);
    expect(orderedPriceBounds('12.5', '12.40')).toEqual(['12.40', '12.5']);
    expect(orderedPriceBounds('100', '300')).toEqual(['100', '300']);
    expect(orderedPriceBounds('100', '')).toEqual(['100', '']);
  });

  it('drops a bound that is not a plain amount', () => {
    expect(orderedPriceBounds('-5', '1,000')).toEqual(['', '']);
    expect(orderedPriceBounds('abc', '20')).toEqual(['', '20']);
  });

  it('reads bounds in order as they are', () => {
    const filters = read('/sg/search?q=shoe&minPrice=100&maxPrice=300');
    expect([filters.minPrice, filters.maxPrice]).toEqual(['100', '300']);
  });

  it('sends the browser to the URL of what is shown, keeping the other filters', async () => {
    expect(await redirectOf('/sg/search?q=shoe&minPrice=300&maxPrice=100&inStock=1')).toBe(
      '/sg/search?q=shoe&minPrice=100&maxPrice=300&inStock=1',
    );
    expect(await redirectOf('/sg/category/audio?minPrice=cheap')).toBe('/sg/category/audio');
    expect(await redirectOf('/sg/search?minPrice=100&maxPrice=300')).toBeNull();
  });
});
