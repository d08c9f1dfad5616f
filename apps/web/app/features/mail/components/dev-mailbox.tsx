import { formatStoreDateTime } from '@crossbuy/core/dates';
import { ApiError, messageForError } from '@crossbuy/core/errors';
import { Fragment, useCallback, useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button, textLinkClasses } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { fetchDevMailbox, type MailboxMessage } from '../api/dev-mailbox-api';

type State =
  | { kind: 'loading' }
  | { kind: 'loaded'; messages: MailboxMessage[] }
  | { kind: 'unavailable' }
  | { kind: 'failed'; message: string };

const LINKS = /https?:\/\/[^\s<>"']+/g;

type TextPart = { offset: number; text: string; link: boolean };

function textParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let position = 0;
  for (const match of text.matchAll(LINKS)) {
    if (match.index > position)
      parts.push({ offset: position, text: text.slice(position, match.index), link: false });
    parts.push({ offset: match.index, text: match[0], link: true });
    position = match.index + match[0].length;
  }
  if (position < text.length) parts.push({ offset: position, text: text.slice(position), link: false });
  return parts;
}

/** Mail text with its links made clickable, so a reset link can be followed from here. */
function MailText({ text }: { text: string }) {
  return (
    <pre className="mt-3 overflow-x-auto whitespace-pre-wrap break-words font-sans text-sm">
      {textParts(text).map((part) =>
        part.link ? (
          <a key={part.offset} href={part.text} className={textLinkClasses}>
            {part.text}
          </a>
        ) : (
          <Fragment key={part.offset}>{part.text}</Fragment>
        ),
      )}
    </pre>
  );
}

/**
 * What the server "sent" while it has no SMTP_URL (`GET /api/dev/mailbox`): verification codes and
 * links for development. A production server does not offer it and answers 404.
 */
export function DevMailbox() {
  const [state, setState] = useState<State>({ kind: 'loading' });

  const load = useCallback(async () => {
    setState({ kind: 'loading' });
    try {
      setState({ kind: 'loaded', messages: await fetchDevMailbox() });
    } catch (error) {
      setState(
        error instanceof ApiError && error.status === 404
          ? { kind: 'unavailable' }
          : { kind: 'failed', message: messageForError(error) },
      );
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  if (state.kind === 'loading') return <Loading>Loading the mailbox…</Loading>;
  if (state.kind === 'unavailable') {
    return (
      <Alert tone="info">
        This server shows you no development mailbox. It is there only in development, when no SMTP_URL is
        set, and only to a browser on the server's own machine that opens it as localhost or 127.0.0.1, not
        through a proxy; mail to operator accounts is never shown. In production, mail goes out through SMTP
        and arrives in real inboxes.
      </Alert>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <Button variant="secondary" className="self-start" onClick={() => void load()}>
        Refresh
      </Button>
      {state.kind === 'failed' ? <Alert>{state.message}</Alert> : null}
      {state.kind === 'loaded' && state.messages.length === 0 ? (
        <p className="text-muted">No mail yet. Register or ask for a password reset, then refresh.</p>
      ) : null}
      {state.kind === 'loaded' && state.messages.length > 0 ? (
        <ol className="flex flex-col gap-4" aria-label="Messages, newest first">
          {state.messages.map((message) => (
            <li key={message.id} className="rounded-2xl border border-line bg-white p-5">
              <h2 className="font-semibold break-words">{message.subject}</h2>
              <p className="mt-1 text-sm text-muted break-all">
                To {message.to}
                {message.sentAt ? ` · ${formatStoreDateTime(message.sentAt)}` : ''}
              </p>
              {message.text ? <MailText text={message.text} /> : null}
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
