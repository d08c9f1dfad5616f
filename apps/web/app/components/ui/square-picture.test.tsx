import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SquarePicture } from './square-picture';

afterEach(cleanup);

describe('SquarePicture', () => {
  it('draws a decorative picture in a square box of its size', () => {
    const { container } = render(
      <SquarePicture src="/images/logos/acme.svg" size={56} loading="lazy" className="size-14 rounded-lg" />,
    );
    const picture = container.querySelector('img');
    expect(picture?.getAttribute('src')).toBe('/images/logos/acme.svg');
    expect(picture?.getAttribute('alt')).toBe('');
    expect(picture?.getAttribute('width')).toBe('56');
    expect(picture?.getAttribute('height')).toBe('56');
    expect(picture?.getAttribute('loading')).toBe('lazy');
    expect(picture?.getAttribute('class')).toBe('size-14 rounded-lg');
  });

  it('is fetched as soon as it is met unless told to wait', () => {
    const { container } = render(<SquarePicture src="/images/a.svg" size={32} className="size-8" />);
    expect(container.querySelector('img')?.hasAttribute('loading')).toBe(false);
  });
});
