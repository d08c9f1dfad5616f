import { useLocation, useSearchParams } from 'react-router';
import type { AnsweredState } from '../features/quotations/components/quotation-answer';
import { deskViewFrom, QuotationDesk } from '../features/quotations/components/quotation-desk';
import { useHydrated } from '../lib/use-hydrated';
import type { Route } from './+types/admin-quotations';

export const meta: Route.MetaFunction = () => [
  { title: 'Quotation desk · Crossbuy back office' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminQuotationsRoute() {
  const [searchParams] = useSearchParams();
  const { state } = useLocation();
  // The history entry's state is the browser's alone: a reload keeps it, the server never sees it.
  const hydrated = useHydrated();
  const { status, after } = deskViewFrom(searchParams);
  return (
    <QuotationDesk
      status={status}
      after={after}
      answered={hydrated ? ((state as Partial<AnsweredState> | null)?.answered ?? null) : null}
    />
  );
}
