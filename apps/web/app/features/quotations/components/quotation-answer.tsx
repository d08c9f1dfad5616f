import { QUOTATION_STATUS } from '@crossbuy/core/quotation';
import { Link, useNavigate } from 'react-router';
import { textLinkClasses } from '../../../components/ui/button';
import { PageError, PageLoading } from '../../../components/ui/page-states';
import { useDeskItem } from '../api/quotation-desk-api';
import { DeclineForm } from './decline-form';
import { PageAbroadLink } from './desk-item-facts';
import { GivenAnswer } from './given-answer';
import { DESK_PATH } from './quotation-desk';
import { QuotationItemHeading } from './quotation-item-heading';
import { RequestFacts } from './request-facts';
import { ResolveForm } from './resolve-form';

/** What the queue says once an item is answered; the queue reads it from the navigation's state. */
export type AnsweredState = { answered: string };

/** One request on the desk: what the shopper asked for, and the store's answer, given here. */
export function QuotationAnswer({ id }: { id: string }) {
  const query = useDeskItem(id);
  const navigate = useNavigate();
  if (query.isPending) return <PageLoading>Loading the request…</PageLoading>;
  if (query.isError) {
    return <PageError error={query.error} backTo={DESK_PATH} backLabel="Back to the quotation desk" />;
  }
  const { item } = query.data;
  const backToQueue = (answered: string) => () =>
    navigate(DESK_PATH, { state: { answered } satisfies AnsweredState });

  return (
    <article className="flex w-full max-w-4xl flex-col gap-6" aria-labelledby="request-heading">
      <p className="text-sm">
        <Link to={DESK_PATH} className={textLinkClasses}>
          Quotation desk
        </Link>
      </p>
      <QuotationItemHeading item={item} headingId="request-heading">
        {item.productUrl ? <PageAbroadLink url={item.productUrl} className="text-sm" /> : null}
        {item.extracted?.description ? (
          <p className="text-sm text-muted">{item.extracted.description}</p>
        ) : null}
      </QuotationItemHeading>
      <RequestFacts item={item} />
      {item.status === QUOTATION_STATUS.pending ? (
        <>
          <ResolveForm item={item} onAnswered={backToQueue(`Quoted ${item.name}. The shopper is told.`)} />
          <DeclineForm item={item} onAnswered={backToQueue(`Declined ${item.name}. The shopper is told.`)} />
        </>
      ) : (
        <GivenAnswer item={item} />
      )}
    </article>
  );
}
