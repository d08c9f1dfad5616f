import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PICTURE_ACCEPT } from '../../lib/picture-upload';
import { PictureUploadField } from './picture-upload-field';

afterEach(cleanup);

describe('PictureUploadField', () => {
  it('offers the picture types the store keeps, described by its hint, with no progress before an upload', () => {
    render(
      <PictureUploadField
        id="picture"
        label="Add a picture"
        hint="JPEG, PNG or WebP, up to 5 MB."
        disabled={false}
        onChange={() => undefined}
        progress={null}
      />,
    );
    const input = screen.getByLabelText('Add a picture');
    expect(input.getAttribute('type')).toBe('file');
    expect(input.getAttribute('accept')).toBe(PICTURE_ACCEPT);
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'JPEG, PNG or WebP, up to 5 MB.',
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows how much of an upload has gone', () => {
    render(
      <PictureUploadField
        id="picture"
        label="Add a picture"
        hint="JPEG, PNG or WebP."
        disabled
        onChange={() => undefined}
        progress={0.4}
      />,
    );
    expect((screen.getByLabelText('Add a picture') as HTMLInputElement).disabled).toBe(true);
    const progress = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(progress.getAttribute('value')).toBe('0.4');
    expect(progress.textContent).toBe('40%');
  });
});
