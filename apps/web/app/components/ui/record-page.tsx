import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { textLinkClasses } from './button';

const WIDTHS = { '3xl': 'max-w-3xl', '4xl': 'max-w-4xl' };

type RecordPageProps = {
  titleId: string;
  title: ReactNode;
  /** The list the record belongs to, linked above its title. */
  backTo: string;
  backLabel: string;
  width: keyof typeof WIDTHS;
  /** What stands under the title in the header, such as a status or the sender's details. */
  summary?: ReactNode;
  children: ReactNode;
};

/** One record of the back office (a customer, a message): a link back to its list, its title, its parts. */
export function RecordPage({ titleId, title, backTo, backLabel, width, summary, children }: RecordPageProps) {
  return (
    <article
      className={`mx-auto flex w-full ${WIDTHS[width]} flex-col gap-8 px-4 py-10`}
      aria-labelledby={titleId}
    >
      <header className="flex flex-col gap-2">
        <Link to={backTo} className={`${textLinkClasses} self-start text-sm`}>
          {backLabel}
        </Link>
        <h1 id={titleId} className="text-2xl font-bold tracking-tight break-words">
          {title}
        </h1>
        {summary}
      </header>
      {children}
    </article>
  );
}
