import { describe, expect, it } from 'vitest';
import { pageMeta } from './page-meta';

describe('pageMeta', () => {
  it('gives a title, a description and Open Graph tags', () => {
    expect(
      pageMeta({
        title: 'Studio Headphones',
        description: 'Closed-back headphones.',
        image: 'https://shop.example/images/products/a.svg',
        type: 'product',
        url: 'https://shop.example/product/studio-headphones',
      }),
    ).toEqual([
      { title: 'Studio Headphones · Crossbuy' },
      { name: 'description', content: 'Closed-back headphones.' },
      { property: 'og:site_name', content: 'Crossbuy' },
      { property: 'og:title', content: 'Studio Headphones' },
      { property: 'og:description', content: 'Closed-back headphones.' },
      { property: 'og:type', content: 'product' },
      { property: 'og:image', content: 'https://shop.example/images/products/a.svg' },
      { property: 'og:url', content: 'https://shop.example/product/studio-headphones' },
      { tagName: 'link', rel: 'canonical', href: 'https://shop.example/product/studio-headphones' },
    ]);
  });

  it('claims no address when the store has none configured, and can ask not to be indexed', () => {
    const tags = pageMeta({ title: 'Gone', description: 'No longer available.', url: null, noindex: true });
    expect(tags.some((tag) => 'property' in tag && tag.property === 'og:url')).toBe(false);
    expect(tags).toContainEqual({ property: 'og:type', content: 'website' });
    expect(tags).toContainEqual({ name: 'robots', content: 'noindex' });
  });

  it('cuts a long description at a word, within what search engines show', () => {
    const description = `${'word '.repeat(60)}end`;
    const tag = pageMeta({ title: 'Long', description }).find(
      (candidate) => 'name' in candidate && candidate.name === 'description',
    );
    const content = tag && 'content' in tag ? String(tag.content) : '';
    expect(content.length).toBeLessThanOrEqual(160);
    expect(content).toMatch(/word…$/);
  });
});
