import type { MouseEvent, ReactNode } from 'react';
import { storeClient } from '../../lib/contract-client';
import { buttonClasses } from './button';

/**
 * A link to a file the server writes, such as a CSV export, styled as a secondary button. The browser
 * saves the answer straight to disk as it streams in; a click first asks for the current user, which
 * renews an expired session the way every other call does, so the download is never a sign-in error.
 */
export function DownloadLink({ href, children }: { href: string; children: ReactNode }) {
  const onClick = async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    try {
      await storeClient.GET('/auth/me');
    } finally {
      window.location.assign(href);
    }
  };
  return (
    <a href={href} download onClick={onClick} className={buttonClasses('secondary')}>
      {children}
    </a>
  );
}
