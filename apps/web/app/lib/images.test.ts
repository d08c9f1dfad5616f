import { describe, expect, it } from 'vitest';
import { IMAGE_HOST, imageUrl, PLACEHOLDER_IMAGE, thumbnailPath, thumbnailUrl } from './images';

describe('images', () => {
  it('serves images from the static host, /images by default', () => {
    expect(IMAGE_HOST).toBe('/images');
    expect(imageUrl('products/photo.jpg')).toBe('/images/products/photo.jpg');
    expect(imageUrl('/products/photo.jpg')).toBe('/images/products/photo.jpg');
  });

  it('keeps absolute and data URLs as they are', () => {
    expect(imageUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(imageUrl('//cdn.example.com/a.png')).toBe('//cdn.example.com/a.png');
    expect(imageUrl(PLACEHOLDER_IMAGE)).toBe(PLACEHOLDER_IMAGE);
  });

  it('puts the thumbnail suffix before the extension of the file name', () => {
    expect(thumbnailPath('photo.jpg')).toBe('photo_thumb.jpg');
    expect(thumbnailPath('products/v1.2/photo.webp')).toBe('products/v1.2/photo_thumb.webp');
    expect(thumbnailPath('products/archive.tar.gz')).toBe('products/archive.tar_thumb.gz');
    expect(thumbnailPath('products/v1.2/photo')).toBe('products/v1.2/photo_thumb');
    expect(thumbnailPath('photo.png?v=3')).toBe('photo_thumb.png?v=3');
    expect(thumbnailPath('products/.hidden')).toBe('products/.hidden_thumb');
  });

  it('builds thumbnail URLs on the static host only', () => {
    expect(thumbnailUrl('products/photo.jpg')).toBe('/images/products/photo_thumb.jpg');
    expect(thumbnailUrl('https://marketplace.example/item.jpg')).toBe('https://marketplace.example/item.jpg');
  });

  it('uses the placeholder when the image is missing', () => {
    for (const missing of [undefined, null, '', '   ']) {
      expect(imageUrl(missing)).toBe(PLACEHOLDER_IMAGE);
      expect(thumbnailUrl(missing)).toBe(PLACEHOLDER_IMAGE);
    }
    expect(PLACEHOLDER_IMAGE.startsWith('data:image/svg+xml,')).toBe(true);
  });
});
