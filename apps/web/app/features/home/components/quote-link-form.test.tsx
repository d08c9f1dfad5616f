import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { REDIRECT_AFTER_SIGN_IN_KEY } from '../../../lib/redirect-to-sign-in';
import { resetUserState, userStore } from '../../../lib/user-store';
import { aProfile } from '../../../test-support/fake-api';
import { QuoteLinkForm } from './quote-link-form';

afterEach(() => {
  cleanup();
  resetUserState();
  sessionStorage.clear();
});

function renderForm(initialLink = '') {
  const Stub = createRoutesStub([
    { path: '/', Component: () => <QuoteLinkForm initialLink={initialLink} /> },
    { path: '/sign_in', Component: () => <h1>Sign-in page</h1> },
    {
      path: '/quotations/new',
      Component: () => <h1>{new URLSearchParams(useLocation().search).get('link')}</h1>,
    },
  ]);
  render(<Stub initialEntries={['/']} />);
}

const linkField = () => screen.getByLabelText('Link to an item on a marketplace abroad');

describe('QuoteLinkForm', () => {
  it('asks for a full web link', async () => {
    renderForm();
    await userEvent.type(linkField(), 'not a link');
    await userEvent.click(screen.getByRole('button', { name: 'Get a quotation' }));
    expect(screen.getByText('Paste the full link to the item, starting with https://')).toBeTruthy();
  });

  it('sends a visitor to sign in and remembers the link to come back with', async () => {
    renderForm();
    await userEvent.type(linkField(), 'https://shop.example.jp/item/42');
    await userEvent.click(screen.getByRole('button', { name: 'Get a quotation' }));

    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeTruthy();
    expect(sessionStorage.getItem(REDIRECT_AFTER_SIGN_IN_KEY)).toBe(
      `/quotations/new?link=${encodeURIComponent('https://shop.example.jp/item/42')}`,
    );
  });

  it('takes a signed-in shopper to the request page with the link', async () => {
    renderForm('https://shop.example.jp/item/42');
    act(() =>
      userStore.set({
        signedIn: true,
        tfaPassed: true,
        profileFetched: true,
        profile: aProfile(),
      }),
    );
    expect((linkField() as HTMLInputElement).value).toBe('https://shop.example.jp/item/42');
    await userEvent.click(screen.getByRole('button', { name: 'Get a quotation' }));
    expect(await screen.findByRole('heading', { name: 'https://shop.example.jp/item/42' })).toBeTruthy();
  });
});
