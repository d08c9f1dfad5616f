import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLACEHOLDER_IMAGE } from '../../lib/images';
import { StorePicture } from './store-picture';

afterEach(cleanup);

describe('StorePicture', () => {
  it('keeps a picture that loads', () => {
    render(<StorePicture src="/images/products/kettle.svg" alt="Kettle" />);
    const picture = screen.getByRole('img', { name: 'Kettle' });
    fireEvent.load(picture);
    expect(picture.getAttribute('src')).toBe('/images/products/kettle.svg');
  });

  it('shows the store placeholder, keeping its name, when the picture cannot be loaded', () => {
    render(<StorePicture src="https://shop.example/gone.jpg" alt="Kettle" />);
    const picture = screen.getByRole('img', { name: 'Kettle' });
    fireEvent.error(picture);
    expect(picture.getAttribute('src')).toBe(PLACEHOLDER_IMAGE);
    // The placeholder itself failing does not start a loop.
    fireEvent.error(picture);
    expect(picture.getAttribute('src')).toBe(PLACEHOLDER_IMAGE);
  });

  it('swaps a picture that failed before the page started its scripts', async () => {
    const decode = vi
      .spyOn(HTMLImageElement.prototype, 'decode')
      .mockImplementation(() => Promise.reject(new DOMException('broken', 'EncodingError')));
    try {
      render(<StorePicture src="https://shop.example/gone.jpg" alt="Kettle" />);
      const picture = screen.getByRole('img', { name: 'Kettle' });
      await waitFor(() => expect(picture.getAttribute('src')).toBe(PLACEHOLDER_IMAGE));
    } finally {
      decode.mockRestore();
    }
  });
});
