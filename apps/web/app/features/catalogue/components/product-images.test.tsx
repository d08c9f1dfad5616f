import type { ProductImages as ProductImagesAnswer } from '@crossbuy/core/catalogue';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShellQueryProvider } from '../../../lib/query-provider';
import { resetUserState, userStore } from '../../../lib/user-store';
import { aProfile, envelope, fakeApi, json } from '../../../test-support/fake-api';
import { ProductImages } from './product-images';

const api = fakeApi();
const PRODUCT = '0b6a3b9e-3f59-4c57-9d38-4c0f3c1f1a11';

function picture(name: string) {
  const key = `products/${PRODUCT}/${name}.webp`;
  return { key, url: `/images/${key}`, thumbnailUrl: `/images/products/${PRODUCT}/${name}_thumb.webp` };
}

function answer(names: string[]): ProductImagesAnswer {
  return { productId: PRODUCT, productName: 'Travel Kettle', images: names.map(picture) };
}

/** Stands in for the browser's XMLHttpRequest: reports half the upload, then answers `reply`. */
let reply: { status: number; body: unknown } = { status: 200, body: {} };
const sent: { url: string; headers: Record<string, string>; body: unknown }[] = [];
class FakeUpload {
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private url = '';
  private readonly headers: Record<string, string> = {};
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    sent.push({ url: this.url, headers: this.headers, body });
    this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 } as ProgressEvent);
    setTimeout(() => {
      this.status = reply.status;
      this.responseText = JSON.stringify(reply.body);
      this.onload?.();
    }, 0);
  }
}

beforeEach(() => {
  userStore.set({
    signedIn: true,
    tfaPassed: true,
    profileFetched: true,
    profile: aProfile({ role: 'operator' }),
  });
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
  sent.length = 0;
});
afterEach(() => {
  cleanup();
  resetUserState();
});

function renderImages() {
  render(
    <ShellQueryProvider userId="operator">
      <ProductImages productId={PRODUCT} />
    </ShellQueryProvider>,
  );
}

describe('ProductImages', () => {
  it('lists the pictures, the first as the main one, and moves one by its buttons', async () => {
    api.respond((call) => json(200, call.method === 'PUT' ? answer(['b', 'a']) : answer(['a', 'b'])));
    renderImages();
    const list = await screen.findByRole('list', { name: 'Pictures in order' });
    expect(
      within(list)
        .getAllByRole('img')
        .map((image) => image.getAttribute('alt')),
    ).toEqual(['The main picture', 'Picture 2']);
    expect(screen.getByRole('button', { name: 'Move the main picture earlier' })).toHaveProperty(
      'disabled',
      true,
    );

    await userEvent.setup().click(screen.getByRole('button', { name: 'Move picture 2 earlier' }));
    expect(await screen.findByText('Picture 2 is now the main picture.')).toBeTruthy();
    expect(api.calls.at(-1)).toMatchObject({
      method: 'PUT',
      path: `/admin/products/${PRODUCT}/images/order`,
      body: { keys: [picture('b').key, picture('a').key] },
    });
  });

  it('makes the third picture the main one in one step, the others keeping their order', async () => {
    api.respond((call) =>
      json(200, call.method === 'PUT' ? answer(['c', 'a', 'b']) : answer(['a', 'b', 'c'])),
    );
    renderImages();
    expect(screen.queryByRole('button', { name: 'Make main: the main picture' })).toBeNull();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Make main: picture 3' }));
    expect(await screen.findByText('Picture 3 is now the main picture.')).toBeTruthy();
    expect(api.calls.at(-1)?.body).toEqual({ keys: [picture('c').key, picture('a').key, picture('b').key] });
  });

  it('refuses a picture over the size limit before sending it', async () => {
    api.respond(() => json(200, answer([])));
    renderImages();
    const input = await screen.findByLabelText('Add a picture');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' });
    await userEvent.setup().upload(input, big);
    expect(screen.getByRole('alert').textContent).toBe('huge.png is larger than 5 MB.');
    expect(sent).toEqual([]);
  });

  it('asks before deleting, and deletes only on yes', async () => {
    api.respond((call) => json(200, call.method === 'DELETE' ? answer(['a']) : answer(['a', 'b'])));
    renderImages();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete picture 2' }));
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete picture 2' }));
    expect(screen.getByRole('group', { name: 'Delete this picture?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Yes, delete' }));
    expect(await screen.findByText('Picture 2 was deleted.')).toBeTruthy();
    expect(api.calls.at(-1)?.path).toBe(
      `/admin/products/${PRODUCT}/images?key=${encodeURIComponent(picture('b').key)}`,
    );
    expect(
      within(screen.getByRole('list', { name: 'Pictures in order' })).getAllByRole('listitem'),
    ).toHaveLength(1);
  });

  it('uploads the chosen file as it is, with its type and the anti-forgery header', async () => {
    api.respond(() => json(200, answer([])));
    reply = { status: 200, body: answer(['new']) };
    renderImages();
    expect(await screen.findByText('This product has no pictures yet.')).toBeTruthy();
    const input = screen.getByLabelText('Add a picture');
    expect(input.getAttribute('accept')).toBe('image/jpeg,image/png,image/webp');
    const file = new File([new Uint8Array([0x89, 0x50])], 'kettle.png', { type: 'image/png' });
    await userEvent.setup().upload(input, file);
    expect(await screen.findByText('kettle.png was added.')).toBeTruthy();
    expect(sent).toEqual([
      {
        url: `/api/admin/products/${PRODUCT}/images`,
        headers: { 'Content-Type': 'image/png', Accept: 'application/json', 'X-XSRF-TOKEN': 'token' },
        body: file,
      },
    ]);
    expect(screen.getByRole('img', { name: 'The main picture' }).getAttribute('src')).toBe(
      picture('new').thumbnailUrl,
    );
  });

  it('says in words why a picture was refused, here or by the server', async () => {
    api.respond(() => json(200, answer([])));
    reply = { status: 415, body: envelope('image/unsupported_type') };
    renderImages();
    const input = await screen.findByLabelText('Add a picture');
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input, new File(['GIF89a'], 'spinner.gif', { type: 'image/gif' }));
    expect(screen.getByRole('alert').textContent).toBe('spinner.gif is not a JPEG, PNG or WebP picture.');
    expect(sent).toEqual([]);

    await user.upload(input, new File(['not a picture'], 'notes.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The picture must be a JPEG, PNG or WebP image',
    );
  });
});
