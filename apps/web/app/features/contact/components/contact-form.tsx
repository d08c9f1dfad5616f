import {
  CONTACT_MESSAGE_MAX,
  type ContactUs,
  type ContactUsInput,
  contactUsSchema,
} from '@crossbuy/core/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { CONTROL_CLASSES, FieldFrame } from '../../../components/ui/field';
import { Form, FormSubmitRow, RequiredFieldsNote, useFormField } from '../../../components/ui/form';
import { FormEmailField, FormPhoneField, FormTextField } from '../../../components/ui/form-fields';
import { useAppConfig } from '../../../lib/app-config';
import { type FieldsByCode, showServerError } from '../../../lib/form-errors';
import { useUser } from '../../../lib/user-store';
import { sendContactMessage } from '../api/contact-api';
import { Captcha, type CaptchaHandle } from './captcha';

const FIELDS_BY_CODE: FieldsByCode<ContactUsInput> = {
  'contact/invalid_name': 'name',
  'contact/invalid_email': 'email',
  'contact/invalid_phone_number': 'phoneNumber',
  'contact/invalid_message': 'message',
};

function MessageField() {
  const field = useFormField<ContactUsInput>('message', 'Your message', 'Please write your message');
  return (
    <FieldFrame id={field.id} label="Your message" required error={field.error}>
      {(control) => (
        <textarea
          {...control}
          {...field.registration}
          rows={6}
          maxLength={CONTACT_MESSAGE_MAX}
          className={CONTROL_CLASSES}
        />
      )}
    </FieldFrame>
  );
}

function Sent({ email, onAnother }: { email: string; onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div
      role="status"
      className="flex flex-col items-start gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-5"
    >
      <h2 ref={heading} tabIndex={-1} className="text-lg font-semibold text-brand-900">
        Thank you, your message is sent
      </h2>
      <p className="text-sm text-brand-900">We will reply to {email}, usually within one working day.</p>
      <Button variant="secondary" onClick={onAnother}>
        Send another message
      </Button>
    </div>
  );
}

/** The contact form; a signed-in shopper finds their name and email already filled in. */
export function ContactForm() {
  const { profile } = useUser();
  const siteKey = useAppConfig().recaptcha_site_key ?? null;
  const captcha = useRef<CaptchaHandle | null>(null);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [formMessage, setFormMessage] = useState<string>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ContactUsInput, unknown, ContactUs>({
    resolver: zodResolver(contactUsSchema),
    defaultValues: {
      name: profile ? `${profile.firstName} ${profile.lastName}` : '',
      email: profile?.email ?? '',
      phoneNumber: '',
      message: '',
    },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setFormMessage(undefined);
    if (siteKey && !captchaToken) {
      setFormMessage('Please tick the box to show you are not a robot');
      return;
    }
    try {
      await sendContactMessage(siteKey ? { ...values, recaptchaToken: captchaToken ?? '' } : values);
    } catch (error) {
      setFormMessage(showServerError(error, form.setError, FIELDS_BY_CODE));
      // An answer is checked once; a refused send needs a new one.
      captcha.current?.reset();
      return;
    }
    captcha.current?.reset();
    setSentTo(values.email);
    form.reset({ ...form.getValues(), message: '' });
  });

  if (sentTo) return <Sent email={sentTo} onAnother={() => setSentTo(null)} />;

  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      label="Contact us"
      message={formMessage}
      intro={<RequiredFieldsNote />}
    >
      <FormTextField<ContactUsInput> name="name" label="Your name" required autoComplete="name" />
      <FormEmailField<ContactUsInput> name="email" label="Your email" required />
      <FormPhoneField<ContactUsInput>
        name="phoneNumber"
        label="Phone number (optional)"
        hint="With its country code, such as +65 9123 4567, if we may call you"
      />
      <MessageField />
      {siteKey && <Captcha siteKey={siteKey} onToken={setCaptchaToken} handle={captcha} />}
      <FormSubmitRow label="Send message" pendingLabel="Sending…" fullWidth />
    </Form>
  );
}
