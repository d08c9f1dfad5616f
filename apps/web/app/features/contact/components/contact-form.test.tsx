import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetUserState, userStore } from '../../../lib/user-store';
import { aProfile, envelope, fakeApi, json } from '../../../test-support/fake-api';
import { ContactForm } from './contact-form';

const api = fakeApi();

afterEach(() => {
  cleanup();
  resetUserState();
  delete window.grecaptcha;
});

function renderForm() {
  const Stub = createRoutesStub([{ path: '/contact', Component: ContactForm }]);
  return render(<Stub initialEntries={['/contact']} />);
}

describe('the contact form', () => {
  it('checks the fields before sending, with the catalogue wording', async () => {
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Your email/), 'not-an-email');
    await user.type(screen.getByLabelText(/Phone number/), '12');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Please enter your name (at most 100 characters)')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address so we can reply')).toBeTruthy();
    expect(
      screen.getByText('Please enter a valid phone number with its country code, such as +65 9123 4567'),
    ).toBeTruthy();
    expect(screen.getByText('Please write your message (at most 5000 characters)')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it("sends a signed-in shopper's message with their name and email filled in, and says it is sent", async () => {
    userStore.set({ signedIn: true, tfaPassed: true, profileFetched: true, profile: aProfile() });
    api.respond(() => json(201, { id: 'm1', createdAt: '2026-11-20T12:00:00.000Z' }));
    renderForm();
    const user = userEvent.setup();
    expect((screen.getByLabelText(/Your name/) as HTMLInputElement).value).toBe('Mei Tan');
    expect((screen.getByLabelText(/Your email/) as HTMLInputElement).value).toBe('mei@example.com');
    await user.type(screen.getByLabelText(/Your message/), 'Where is my parcel?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    const heading = await screen.findByRole('heading', { name: 'Thank you, your message is sent' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText(/We will reply to mei@example.com/)).toBeTruthy();
    const call = api.calls[0];
    expect(call?.path).toBe('/contact_us');
    expect(call?.headers.get('x-xsrf-token')).toBe('token');
    expect(call?.body).toEqual({
      name: 'Mei Tan',
      email: 'mei@example.com',
      phoneNumber: null,
      message: 'Where is my parcel?',
    });

    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    expect((screen.getByLabelText(/Your message/) as HTMLTextAreaElement).value).toBe('');
  });

  it('shows a refusal of the server on its field, and a limit for the whole form', async () => {
    api.respond(() => json(400, envelope('contact/invalid_phone_number')));
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Your name/), 'Mei');
    await user.type(screen.getByLabelText(/Your email/), 'mei@example.com');
    await user.type(screen.getByLabelText(/Phone number/), '+65 9123 4567');
    await user.type(screen.getByLabelText(/Your message/), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(
      await screen.findByText(
        'Please enter a valid phone number with its country code, such as +65 9123 4567',
      ),
    ).toBeTruthy();
    expect(api.calls[0]?.body).toMatchObject({ phoneNumber: '+6591234567' });

    api.respond(() => json(429, envelope('general/rate_limited', ['60'])));
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Too many requests, please try again in 60 seconds')).toBeTruthy();
  });

  it('asks for the captcha when the store requires one, and sends its answer once', async () => {
    let widget: { callback(token: string): void } | undefined;
    const reset = vi.fn();
    window.grecaptcha = {
      ready: (callback) => callback(),
      render: (_element, options) => {
        widget = options;
        return 7;
      },
      reset,
    };
    api.respond(() => json(201, { id: 'm2', createdAt: '2026-11-20T12:00:00.000Z' }));
    const Stub = createRoutesStub([
      {
        id: 'root',
        path: '/',
        loader: () => ({ config: { app_currency: 'SGD', recaptcha_site_key: 'site-key' } }),
        children: [{ path: 'contact', Component: ContactForm }],
      },
    ]);
    render(<Stub initialEntries={['/contact']} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Your name/), 'Mei Tan');
    await user.type(screen.getByLabelText(/Your email/), 'mei@example.com');
    await user.type(screen.getByLabelText(/Your message/), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Please tick the box to show you are not a robot')).toBeTruthy();
    expect(api.calls).toEqual([]);

    act(() => widget?.callback('captcha-answer'));
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await screen.findByRole('heading', { name: 'Thank you, your message is sent' });
    expect(api.calls[0]?.body).toMatchObject({ recaptchaToken: 'captcha-answer' });
    expect(reset).toHaveBeenCalledWith(7);
  });
});
