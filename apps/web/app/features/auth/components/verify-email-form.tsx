import { ApiError, messageForError } from '@crossbuy/core/errors';
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
import { useSecondsLeft } from '../../../lib/use-seconds-left';
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

/** The seconds the server asks the shopper to wait before another code, when that is its answer. */
function secondsToWait(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.code !== 'auth/resend_verify_code_rate_limit') return undefined;
  const seconds = Number(error.params[0]);
  return Number.isInteger(seconds) && seconds > 0 ? seconds : undefined;
}

const seconds = (count: number) => `${count} ${count === 1 ? 'second' : 'seconds'}`;

/**
 * The wait, announced once with the seconds the server gave; the count shown then goes down without
 * being read out again every second.
 */
function WaitNotice({ announced, left }: { announced: number; left: number }) {
  return (
    <Alert>
      Please wait <span className="sr-only">{seconds(announced)}</span>
      <span aria-hidden="true">{seconds(left)}</span> before requesting another verification code.
    </Alert>
  );
}

/** Confirms the signed-in shopper's email with the six-digit code mailed at registration. */
export function VerifyEmailForm({ profile }: { profile: UserProfile }) {
  const [notice, setNotice] = useState<Notice>();
  const [resending, setResending] = useState(false);
  const [waitUntil, setWaitUntil] = useState<{ seconds: number; until: number }>();
  const secondsLeft = useSecondsLeft(waitUntil?.until);
  const waiting = waitUntil !== undefined && secondsLeft > 0;
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
      setNotice({
        tone: 'info',
        text: `A new code is on its way to ${profile.email}. Use the newest code you received.`,
      });
    } catch (error) {
      const wait = secondsToWait(error);
      if (wait === undefined) setNotice({ tone: 'error', text: messageForError(error) });
      else setWaitUntil({ seconds: wait, until: Date.now() + wait * 1000 });
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
        {waiting ? <WaitNotice announced={waitUntil.seconds} left={secondsLeft} /> : null}
        <Button variant="secondary" onClick={resend} disabled={resending || waiting}>
          {resending ? 'Sending a new code…' : 'Send a new code'}
          {waiting ? <span aria-hidden="true"> ({secondsLeft} s)</span> : null}
        </Button>
      </div>
    </div>
  );
}
