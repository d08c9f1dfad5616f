import { useLocation, useSearchParams } from 'react-router';
import type { AnsweredState } from '../features/quotations/components/quotation-answer';
import { deskViewFrom, QuotationDesk } from '../features/quotations/components/quotation-desk';
import type { Route } from './+types/admin-quotations';

export const meta: Route.MetaFunction = () => [
  { title: 'Quotation desk · Crossbuy back office' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminQuotationsRoute() {
  const [searchParams] = useSearchParams();
  const { state } = useLocation();
  const { status, after } = deskViewFrom(searchParams);
  return (
    <QuotationDesk
      status={status}
      after={after}
      answered={(state as Partial<AnsweredState> | null)?.answered ?? null}
    />
  );
}
