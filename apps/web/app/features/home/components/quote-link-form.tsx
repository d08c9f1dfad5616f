import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
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
 * Starts a quotation from a marketplace link on the quotation request page. Quotations belong to an
 * account, so a visitor signs in first and lands on that page with the link filled in.
 */
export function QuoteLinkForm({ initialLink }: { initialLink: string }) {
  const { signedIn } = useUser();
  const redirectToSignIn = useRedirectToSignIn();
  const navigate = useNavigate();
  const [error, setError] = useState<string>();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const link = parseProductLink(String(new FormData(event.currentTarget).get(QUOTE_LINK_PARAM) ?? ''));
    if (!link) {
      setError('Paste the full link to the item, starting with https://');
      return;
    }
    setError(undefined);
    const requestPage = `/quotations/new?${new URLSearchParams({ [QUOTE_LINK_PARAM]: link })}`;
    if (signedIn) navigate(requestPage);
    else redirectToSignIn(requestPage);
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
    </form>
  );
}
