import type { ReactNode } from 'react';
import { Link } from 'react-router';

type ContentLinkProps = { to: string; className?: string; children: ReactNode; onClick?: () => void };

/** A link an editor wrote: our own pages through the router, anything else as a plain link. */
export function ContentLink({ to, className, children, onClick }: ContentLinkProps) {
  const internal = to.startsWith('/') && !to.startsWith('//');
  return internal ? (
    <Link to={to} className={className} onClick={onClick}>
      {children}
    </Link>
  ) : (
    <a href={to} className={className} onClick={onClick} rel="noopener">
      {children}
    </a>
  );
}
