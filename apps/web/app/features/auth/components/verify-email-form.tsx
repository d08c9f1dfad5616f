import { messageForError } from '@crossbuy/core/errors';
import { type VerifyEmailInput, verifyEmailSchema } from '@crossbuy/core/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Form, FormSubmitRow } from '../../../components/ui/form';
import { FormCodeField } from '../../../components/ui/form-fields';
import { type FieldsByCode, showServerError } from '../../../lib/form-errors';
import { takeRedirectAfterSignIn } from '../../../lib/redirect-to-sign-in';
import type { UserProfile } from '../../../lib/user-store';
import { resendVerifyCode, verifyEmail } from '../api/auth-api';

const FIELDS_BY_CODE: FieldsByCode<VerifyEmailInput> = { 'auth/invalid_email_verification_code': 'code' };

type Notice = { tone: 'info' | 'error'; text: string };

/** What comes after a confirmed email: the page the shopper meant to see, or two-factor setup. */
function Verified() {
  const navigate = useNavigate();
  return (
    <div className="flex flex-col gap-5">
      <Alert tone="info">Your email address is verified.</Alert>
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => navigate(takeRedirectAfterSignIn(), { replace: true })}>
          Continue shopping
        </Button>
        <Link to="/account/security" className={buttonClasses('secondary')}>
          Set up two-factor authentication
        </Link>
      </div>
    </div>
  );
}

/** Confirms the signed-in shopper's email with the six-digit code mailed at registration. */
export function VerifyEmailForm({ profile }: { profile: UserProfile }) {
  const [notice, setNotice] = useState<Notice>();
  const [resending, setResending] = useState(false);
  const form = useForm<VerifyEmailInput>({
    resolver: zodResolver(verifyEmailSchema),
    defaultValues: { code: '' },
  });

  if (profile.emailVerified) return <Verified />;

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setNotice(undefined);
    try {
      await verifyEmail(code);
    } catch (error) {
      const message = showServerError(error, form.setError, FIELDS_BY_CODE);
      if (message) setNotice({ tone: 'error', text: message });
    }
  });

  const resend = async () => {
    setResending(true);
    setNotice(undefined);
    try {
      await resendVerifyCode(profile.email);
      // The server answers every request alike and mails at most one code a minute, so this cannot
      // promise that a mail went out.
      setNotice({
        tone: 'info',
        text: `A new code is on its way to ${profile.email}, unless we sent you one less than a minute ago. Use the newest code you received.`,
      });
    } catch (error) {
      setNotice({ tone: 'error', text: messageForError(error) });
    } finally {
      setResending(false);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <p>
        We sent a six-digit code to <strong className="break-all">{profile.email}</strong>. Enter it below to
        confirm your email address.
      </p>
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      <Form form={form} onSubmit={onSubmit} label="Verify your email">
        <FormCodeField<VerifyEmailInput> name="code" label="Verification code" />
        <FormSubmitRow label="Verify email" pendingLabel="Verifying…" fullWidth />
      </Form>
      <div className="flex flex-col items-start gap-2 text-sm">
        <p className="text-muted">Did not get the email? Check your spam folder, or ask for a new code.</p>
        <Button variant="secondary" onClick={resend} disabled={resending}>
          {resending ? 'Sending a new code…' : 'Send a new code'}
        </Button>
      </div>
    </div>
  );
}
