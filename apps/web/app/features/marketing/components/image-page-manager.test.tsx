import type { StoreImagePage } from '@crossbuy/core/marketing';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ShellQueryProvider } from '../../../lib/query-provider';
import { resetUserState, userStore } from '../../../lib/user-store';
import { aProfile, envelope, fakeApi, json } from '../../../test-support/fake-api';
import { ImagePageManager } from './image-page-manager';

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

const PICTURES = [
  { key: 'pages/tea.svg', url: '/images/pages/tea.svg' },
  { key: 'pages/cups.svg', url: '/images/pages/cups.svg' },
];

const teaWeek: StoreImagePage = {
  id: 'tea-week',
  title: 'Tea week',
  path: '/image_page/tea-week',
  pictures: [
    { image: 'pages/tea.svg', imageUrl: '/images/pages/tea.svg', link: '/search?q=tea', alt: 'Tea' },
  ],
  active: true,
  linkedFrom: 0,
};

function renderManager() {
  render(
    <MemoryRouter>
      <ShellQueryProvider userId="operator">
        <ImagePageManager />
      </ShellQueryProvider>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe('ImagePageManager', () => {
  it('adds a page of two pictures, holding a script link on its own picture until it is safe', async () => {
    api.respond((call) => {
      if (call.path === '/admin/image_pages' && call.method === 'GET') return json(200, { imagePages: [] });
      if (call.path === '/admin/content/pictures') return json(200, { pictures: PICTURES });
      return json(200, { imagePage: { ...teaWeek, ...(call.body as object) } });
    });
    const user = renderManager();
    await screen.findByText('No image pages yet.');
    await user.click(screen.getByRole('button', { name: 'New page' }));
    const form = screen.getByRole('form', { name: 'New image page' });
    await user.type(within(form).getByLabelText(/^Address/), 'tea-week');
    await user.type(within(form).getByLabelText(/^Title/), 'Tea week');
    await within(form).findByRole('option', { name: 'pages/tea.svg' });
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Picture 1/ }), 'pages/tea.svg');
    await user.type(within(form).getByLabelText(/^Link of picture 1/), 'javascript:alert(1)');
    await user.click(within(form).getByRole('button', { name: 'Add a picture' }));
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Picture 2/ }), 'pages/cups.svg');
    await user.type(within(form).getByLabelText(/^Description of picture 2/), 'Cups');
    await user.click(within(form).getByRole('button', { name: 'Move picture 2 up' }));

    await user.click(within(form).getByRole('button', { name: 'Add page' }));
    // After the move the unsafe link belongs to the second picture, and is shown there.
    expect(
      within(form)
        .getByLabelText(/^Link of picture 2/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(
      within(form)
        .getByLabelText(/^Link of picture 1/)
        .getAttribute('aria-invalid'),
    ).not.toBe('true');
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.clear(within(form).getByLabelText(/^Link of picture 2/));
    await user.type(within(form).getByLabelText(/^Link of picture 2/), '/search?q=tea');
    await user.click(within(form).getByRole('button', { name: 'Add page' }));
    const [sent] = api.calls.filter((call) => call.method === 'POST');
    expect(sent?.path).toBe('/admin/image_pages');
    expect(sent?.body).toEqual({
      id: 'tea-week',
      title: 'Tea week',
      pictures: [
        { image: 'pages/cups.svg', link: null, alt: 'Cups' },
        { image: 'pages/tea.svg', link: '/search?q=tea', alt: '' },
      ],
      active: true,
    });
    expect(
      await screen.findByText('The page “Tea week” has been added at /image_page/tea-week.'),
    ).toBeTruthy();
  });

  it('shows a taken address on its field', async () => {
    api.respond((call) => {
      if (call.method === 'POST') return json(409, envelope('image_page/id_taken', ['tea-week']));
      if (call.path === '/admin/content/pictures') return json(200, { pictures: PICTURES });
      return json(200, { imagePages: [] });
    });
    const user = renderManager();
    await screen.findByText('No image pages yet.');
    await user.click(screen.getByRole('button', { name: 'New page' }));
    const form = screen.getByRole('form', { name: 'New image page' });
    await user.type(within(form).getByLabelText(/^Address/), 'tea-week');
    await user.type(within(form).getByLabelText(/^Title/), 'Tea week');
    await within(form).findByRole('option', { name: 'pages/tea.svg' });
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Picture 1/ }), 'pages/tea.svg');
    await user.click(within(form).getByRole('button', { name: 'Add page' }));
    const address = within(form).getByLabelText(/^Address/);
    await screen.findAllByText('Another page already has the address tea-week; please choose another');
    expect(address.getAttribute('aria-invalid')).toBe('true');
  });

  it('asks before deleting a page, and offers no deletion of a page banners link to', async () => {
    const linked = {
      ...teaWeek,
      id: 'japan-week',
      title: 'Japan week',
      path: '/image_page/japan-week',
      linkedFrom: 2,
    };
    api.respond((call) =>
      call.method === 'DELETE' ? json(200, { deleted: true }) : json(200, { imagePages: [linked, teaWeek] }),
    );
    const user = renderManager();
    const [japan, tea] = await screen.findAllByRole('listitem');
    if (!japan || !tea) throw new Error('two pages expected');
    expect(within(japan).queryByRole('button', { name: 'Delete Japan week' })).toBeNull();
    expect(within(japan).getByText(/linked from 2 banners or popups/)).toBeTruthy();

    await user.click(within(tea).getByRole('button', { name: 'Delete Tea week' }));
    expect(screen.getByRole('alert').textContent).toMatch(/Delete the page “Tea week”\?/);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep it' }));
    await user.click(screen.getByRole('button', { name: 'Delete it' }));
    expect(await screen.findByText('The page “Tea week” has been deleted.')).toBeTruthy();
    expect(api.calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/admin/image_pages/tea-week',
    ]);
  });
});
