import { describe, expect, it } from 'vitest';
import { isSameOriginLocation } from './same-origin-location.js';

const origin = 'https://store.example';

describe('isSameOriginLocation', () => {
  it.each([
    '/category/fashion',
    '/sg/category/fashion?page=2',
    '/search?q=%2F%2Fevil.example',
    '/%2F%2Fevil.example/category/fashion',
    '/%5Cevil.example',
    '/',
    'https://store.example/cart',
  ])('keeps %s', (location) => {
    expect(isSameOriginLocation(location, origin)).toBe(true);
  });

  it.each([
    '//evil.example/category/fashion',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\\/evil.example',
    '//store.example/cart',
    'https://evil.example/',
    'https:evil.example',
    'HTTPS://EVIL.EXAMPLE/',
    'https://store.example@evil.example/',
    'https://store.example.evil.example/',
    'http://store.example/',
    ' //evil.example',
    '//[',
    '/\\[::1',
    '//evil.example:99999/',
    'javascript:alert(1)',
    'evil.example',
    '',
  ])('refuses %j', (location) => {
    expect(isSameOriginLocation(location, origin)).toBe(false);
  });
});
