import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useRedirectToSignIn } from '../../../lib/redirect-to-sign-in';
import { useUser } from '../../../lib/user-store';

export const QUOTE_LINK_PARAM = 'link';

function parseProductLink(text: string): string | null {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Starts a quotation from a marketplace link. Quotations belong to an account, so a visitor signs in
 * first and comes back to this page with the link filled in.
 */
export function QuoteLinkForm({ initialLink }: { initialLink: string }) {
  const { signedIn } = useUser();
  const redirectToSignIn = useRedirectToSignIn();
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const link = parseProductLink(String(new FormData(event.currentTarget).get(QUOTE_LINK_PARAM) ?? ''));
    setNotice(undefined);
    if (!link) {
      setError('Paste the full link to the item, starting with https://');
      return;
    }
    setError(undefined);
    if (!signedIn) {
      redirectToSignIn(`/?${new URLSearchParams({ [QUOTE_LINK_PARAM]: link })}`);
      return;
    }
    setNotice('Thanks. Quotation requests from links open here very soon; your link has not been sent yet.');
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-3" aria-label="Get a quotation">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          className="flex-1"
          label="Link to an item on a marketplace abroad"
          name={QUOTE_LINK_PARAM}
          type="url"
          inputMode="url"
          placeholder="https://"
          defaultValue={initialLink}
          error={error}
        />
        <Button type="submit" className="sm:mt-7">
          Get a quotation
        </Button>
      </div>
      {notice ? <Alert tone="info">{notice}</Alert> : null}
    </form>
  );
}
