import { zodResolver } from '@hookform/resolvers/zod';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Form, FormSubmitRow } from './form';
import {
  FormCheckbox,
  FormEmailField,
  FormPasswordField,
  FormPhoneField,
  FormSelectField,
} from './form-fields';

afterEach(cleanup);

const schema = z.object({
  email: z
    .string()
    .trim()
    .min(1, { error: 'general/missing_argument' })
    .pipe(z.email({ error: 'user/invalid_email' })),
  password: z.string().min(1, { error: 'general/missing_argument' }),
  phoneNumber: z.string(),
  size: z.string().min(1, { error: 'general/missing_argument' }),
  agree: z.literal(true, { error: 'user/invalid_accept_terms' }),
});

type Values = z.input<typeof schema>;

/** A form of every kind of field, whose submission waits until the test lets it finish. */
function Example({ summary = true, message }: { summary?: boolean; message?: string }) {
  const [sent, setSent] = useState<string>();
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { email: '', password: '', phoneNumber: '', size: '', agree: false as unknown as true },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    setSent(values.email);
  });
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      label="Example"
      message={message}
      errorSummary={summary}
      notice={sent ? `Sent for ${sent}` : undefined}
    >
      <FormEmailField<Values> name="email" required />
      <FormPasswordField<Values> name="password" purpose="current" hint="The one you chose." />
      <FormPhoneField<Values> name="phoneNumber" />
      <FormSelectField<Values>
        name="size"
        label="Size"
        placeholder="Select"
        options={[{ value: 'm', label: 'M' }]}
      />
      <FormCheckbox<Values> name="agree" label="I agree" />
      <FormSubmitRow
        label="Send"
        pendingLabel="Sending…"
        secondary={{ label: 'Cancel', onClick: () => undefined }}
      />
    </Form>
  );
}

let release: () => void = () => undefined;

const describedBy = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent);

describe('Form and its fields', () => {
  it('posts, names itself, and wires each label, hint and required mark to its control', () => {
    render(<Example />);
    const form = screen.getByRole('form', { name: 'Example' });
    expect(form.getAttribute('method')).toBe('post');
    expect(form.hasAttribute('novalidate')).toBe(true);
    const email = screen.getByLabelText(/^Email/);
    expect(email.getAttribute('type')).toBe('email');
    expect(email.getAttribute('autocomplete')).toBe('email');
    expect(email.getAttribute('aria-required')).toBe('true');
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('autocomplete')).toBe('current-password');
    expect(describedBy(password)).toEqual(['The one you chose.']);
    expect(screen.getByLabelText('Phone number').getAttribute('type')).toBe('tel');
  });

  it('says what is missing on each field, marks it invalid, focuses the first and lists them all', async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const email = screen.getByLabelText(/^Email/);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(email)).toEqual(['Please enter your email']);
    expect(describedBy(screen.getByLabelText('Password'))).toEqual([
      'The one you chose.',
      'Please enter your password',
    ]);
    expect(describedBy(screen.getByLabelText('Size'))).toEqual(['Please select your size']);
    expect(describedBy(screen.getByLabelText('I agree'))).toEqual(['Please accept the terms and conditions']);
    expect(document.activeElement).toBe(email);

    const summary = screen.getByRole('alert');
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Email', 'Password', 'Size', 'I agree']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      ['Email', 'Password', 'Size', 'I agree'].map(
        (label) => `#${screen.getByLabelText(new RegExp(`^${label}`)).id}`,
      ),
    );

    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(describedBy(email)).toEqual(['Invalid email']);
  });

  it('lists no fields when the form does not ask for a summary, and shows a form-level message', async () => {
    const user = userEvent.setup();
    render(<Example summary={false} message="Too many requests, please try again in 60 seconds" />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('alert').textContent).toBe('Too many requests, please try again in 60 seconds');
  });

  it('shows the pending state on the submit row while the form is being sent', async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.type(screen.getByLabelText(/^Email/), 'mei@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.selectOptions(screen.getByLabelText('Size'), 'm');
    await user.click(screen.getByLabelText('I agree'));
    await user.click(screen.getByRole('button', { name: 'Send' }));

    const pending = await screen.findByRole('button', { name: 'Sending…' });
    expect((pending as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    release();
    expect((await screen.findByRole('status')).textContent).toBe('Sent for mei@example.com');
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
