import type { StoreBanner } from '@crossbuy/core/marketing';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShellQueryProvider } from '../../../lib/query-provider';
import { resetUserState, userStore } from '../../../lib/user-store';
import { aProfile, envelope, fakeApi, json } from '../../../test-support/fake-api';
import { BannerManager } from './banner-manager';

const api = fakeApi();

beforeEach(() => {
  userStore.set({
    signedIn: true,
    tfaPassed: true,
    profileFetched: true,
    profile: aProfile({ role: 'operator' }),
  });
});
afterEach(() => {
  cleanup();
  resetUserState();
});

const winter: StoreBanner = {
  id: 'b1',
  title: 'Winter week',
  subtitle: 'Warm things',
  image: 'banners/winter.svg',
  imageUrl: '/images/banners/winter.svg',
  link: '/search?q=winter',
  position: 0,
  active: true,
  startsAt: null,
  endsAt: null,
  status: 'live',
};

function renderManager() {
  render(
    <ShellQueryProvider userId="operator">
      <BannerManager />
    </ShellQueryProvider>,
  );
  return userEvent.setup();
}

describe('BannerManager', () => {
  it('edits a banner in place, holds a script link on its field, and sends the change once it is safe', async () => {
    api.respond((call) => {
      if (call.path === '/admin/banners' && call.method === 'GET') return json(200, { banners: [winter] });
      if (call.path === '/admin/content/pictures') {
        return json(200, { pictures: [{ key: 'banners/winter.svg', url: '/images/banners/winter.svg' }] });
      }
      return json(200, { banner: { ...winter, ...(call.body as object) } });
    });
    const user = renderManager();
    const card = await screen.findByRole('listitem');
    expect(within(card).getByText('Live')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Edit Winter week' }));

    const form = screen.getByRole('form', { name: 'Edit banner Winter week' });
    const link = within(form).getByLabelText(/^Link/);
    await user.clear(link);
    await user.type(link, 'javascript:alert(1)');
    await user.click(within(form).getByRole('button', { name: 'Save banner' }));
    expect(link.getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await user.clear(link);
    await user.type(link, 'https://example.com/winter');
    await user.click(within(form).getByRole('button', { name: 'Save banner' }));
    const [sent] = api.calls.filter((call) => call.method === 'PUT');
    expect(sent?.path).toBe('/admin/banners/b1');
    expect(sent?.body).toMatchObject({
      title: 'Winter week',
      link: 'https://example.com/winter',
      position: 0,
    });
    expect(await screen.findByText('The banner “Winter week” has been saved.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Banners' }));

    // A save may delete the uploaded picture it let go of, so the pictures to choose from load again.
    await vi.waitFor(() =>
      expect(api.calls.filter((call) => call.path === '/admin/content/pictures')).toHaveLength(2),
    );
  });

  it('asks before deleting, keeps the banner when told to, and deletes it when confirmed', async () => {
    api.respond((call) =>
      call.method === 'DELETE' ? json(200, { deleted: true }) : json(200, { banners: [winter] }),
    );
    const user = renderManager();
    const card = await screen.findByRole('listitem');
    await user.click(within(card).getByRole('button', { name: 'Delete Winter week' }));
    expect(screen.getByRole('alert').textContent).toMatch(/Delete the banner “Winter week”\?/);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep it' }));
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(api.calls.filter((call) => call.method === 'DELETE')).toEqual([]);

    await user.click(within(card).getByRole('button', { name: 'Delete Winter week' }));
    await user.click(screen.getByRole('button', { name: 'Delete it' }));
    expect(await screen.findByText('The banner “Winter week” has been deleted.')).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/admin/banners/b1',
    ]);
  });

  it('uploads a picture for a banner, chooses it, and says in words why another was refused', async () => {
    const uploaded = { key: 'banners/3f1c.webp', url: '/images/banners/3f1c.webp' };
    let replies = [
      { status: 415, body: envelope('image/unsupported_type') },
      { status: 200, body: { picture: uploaded } },
    ];
    const sent: { url: string; body: unknown }[] = [];
    class FakeUpload {
      status = 0;
      responseText = '';
      upload = { onprogress: null };
      onload: (() => void) | null = null;
      private url = '';
      open(_method: string, url: string) {
        this.url = url;
      }
      setRequestHeader() {}
      send(body: unknown) {
        sent.push({ url: this.url, body });
        const [reply, ...rest] = replies;
        replies = rest;
        setTimeout(() => {
          this.status = reply?.status ?? 500;
          this.responseText = JSON.stringify(reply?.body);
          this.onload?.();
        }, 0);
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    api.respond((call) => {
      if (call.path === '/admin/banners' && call.method === 'GET') return json(200, { banners: [] });
      if (call.path === '/admin/content/pictures') return json(200, { pictures: [] });
      return json(200, { banner: { ...winter, ...(call.body as object) } });
    });
    const user = renderManager();
    await user.click(await screen.findByRole('button', { name: 'New banner' }));
    const form = screen.getByRole('form', { name: 'New banner' });
    await user.type(within(form).getByLabelText(/^Title/), 'Spring tea');
    const input = within(form).getByLabelText('Or upload a picture');
    await userEvent
      .setup({ applyAccept: false })
      .upload(input, new File(['GIF89a'], 'spin.gif', { type: 'image/gif' }));
    expect(within(form).getByRole('alert').textContent).toBe('spin.gif is not a JPEG, PNG or WebP picture.');
    expect(sent).toEqual([]);

    await user.upload(input, new File(['words'], 'notes.png', { type: 'image/png' }));
    expect(await within(form).findByText('The picture must be a JPEG, PNG or WebP image')).toBeTruthy();
    const tea = new File([new Uint8Array([0x89, 0x50])], 'tea.png', { type: 'image/png' });
    await user.upload(input, tea);
    expect(await within(form).findByText('tea.png was uploaded and chosen as the picture.')).toBeTruthy();
    expect(sent.map((call) => call.url)).toEqual([
      '/api/admin/content/pictures',
      '/api/admin/content/pictures',
    ]);
    expect((within(form).getByLabelText(/^Picture/) as HTMLSelectElement).value).toBe(uploaded.key);

    await user.click(within(form).getByRole('button', { name: 'Add banner' }));
    expect(await screen.findByText(/has been added/)).toBeTruthy();
    expect(api.calls.find((call) => call.method === 'POST')?.body).toMatchObject({
      title: 'Spring tea',
      image: uploaded.key,
    });
    vi.unstubAllGlobals();
  });

  it('says when there are no banners yet', async () => {
    api.respond(() => json(200, { banners: [] }));
    renderManager();
    expect(await screen.findByText('No banners yet.')).toBeTruthy();
  });
});
