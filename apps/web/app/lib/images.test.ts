import { describe, expect, it } from 'vitest';
import { IMAGE_HOST, imageUrl, PLACEHOLDER_IMAGE, thumbnailUrl } from './images';

describe('images', () => {
  it('loads our images from our origin unless an image host is configured', () => {
    expect(IMAGE_HOST).toBe('');
    expect(imageUrl('/images/products/photo.svg')).toBe('/images/products/photo.svg');
  });

  it('keeps images from other hosts as they are', () => {
    expect(imageUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(thumbnailUrl('https://marketplace.example/item.jpg')).toBe('https://marketplace.example/item.jpg');
    expect(thumbnailUrl('//marketplace.example/item.jpg')).toBe('//marketplace.example/item.jpg');
  });

  it('names the thumbnail of our images with the core rule', () => {
    expect(thumbnailUrl('/images/products/photo.svg')).toBe('/images/products/photo_thumb.svg');
    expect(thumbnailUrl('/images/products/v1.2/photo')).toBe('/images/products/v1.2/photo_thumb');
  });

  it('uses the placeholder when the image is missing', () => {
    for (const missing of [undefined, null, '', '   ']) {
      expect(imageUrl(missing)).toBe(PLACEHOLDER_IMAGE);
      expect(thumbnailUrl(missing)).toBe(PLACEHOLDER_IMAGE);
    }
    expect(PLACEHOLDER_IMAGE.startsWith('data:image/svg+xml,')).toBe(true);
  });
});
