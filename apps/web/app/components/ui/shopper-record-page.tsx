import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { textLinkClasses } from './button';

type ShopperRecordPageProps = {
  /** The id of the record's heading, which names the page's landmark. */
  labelledBy: string;
  /** The shopper's list the record belongs to, linked above it. */
  backTo: string;
  backLabel: string;
  children: ReactNode;
};

/**
 * One of the shopper's own records (an order, a quotation item): a link back to their list, then the
 * record. The record draws its own heading, which may follow a notice such as the thanks for an order.
 */
export function ShopperRecordPage({ labelledBy, backTo, backLabel, children }: ShopperRecordPageProps) {
  return (
    <article className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-10" aria-labelledby={labelledBy}>
      <p className="text-sm">
        <Link to={backTo} className={textLinkClasses}>
          {backLabel}
        </Link>
      </p>
      {children}
    </article>
  );
}
