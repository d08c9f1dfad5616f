import { CONTACT_REPLY_MAX } from '@crossbuy/core/contact-inbox';
import { ApiError, formatErrorMessage, messageForError } from '@crossbuy/core/errors';
import { type FormEvent, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CONTROL_CLASSES, FieldFrame } from '../../../components/ui/field';
import { useReplyToContactMessage } from '../api/contact-inbox-api';

/**
 * The reply to a contact message. A draft keeps one idempotency key until it is sent, so pressing send
 * twice, or sending again after a lost answer, mails one reply; a sent reply starts a new draft.
 */
export function ContactReplyForm({ messageId, to }: { messageId: string; to: string }) {
  const [body, setBody] = useState('');
  const [draftKey, setDraftKey] = useState(() => crypto.randomUUID());
  const [problem, setProblem] = useState<string | undefined>();
  const [sent, setSent] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  const reply = useReplyToContactMessage(messageId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent('');
    const text = body.trim();
    if (text.length === 0 || text.length > CONTACT_REPLY_MAX) {
      setProblem(formatErrorMessage('contact/invalid_reply'));
      field.current?.focus();
      return;
    }
    setProblem(undefined);
    reply.mutate(
      { body: text, idempotencyKey: draftKey },
      {
        onSuccess: () => {
          setBody('');
          setDraftKey(crypto.randomUUID());
          setSent(`Your reply is on its way to ${to}.`);
          field.current?.focus();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'contact/invalid_reply') {
            setProblem(messageForError(error));
            field.current?.focus();
          }
        },
      },
    );
  };

  const otherFailure =
    reply.isError && !(reply.error instanceof ApiError && reply.error.code === 'contact/invalid_reply');

  return (
    <form noValidate onSubmit={submit} aria-labelledby="reply-heading" className="flex flex-col gap-3">
      <h2 id="reply-heading" className="text-xl font-semibold">
        Reply by mail
      </h2>
      <FieldFrame
        label={`Your reply to ${to}`}
        required
        hint="Their message is quoted below your reply."
        error={problem}
      >
        {(control) => (
          <textarea
            {...control}
            ref={field}
            rows={6}
            maxLength={CONTACT_REPLY_MAX}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            className={CONTROL_CLASSES}
          />
        )}
      </FieldFrame>
      <Button type="submit" disabled={reply.isPending} className="self-start">
        {reply.isPending ? 'Sending…' : 'Send reply'}
      </Button>
      {otherFailure ? <Alert>{messageForError(reply.error)}</Alert> : null}
      <p role="status" className="text-sm">
        {sent}
      </p>
    </form>
  );
}
