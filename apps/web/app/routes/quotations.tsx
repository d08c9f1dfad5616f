import { useSearchParams } from 'react-router';
import { RequireSignedIn } from '../features/auth/components/require-signed-in';
import { isQuotationFilter, QuotationList } from '../features/quotations/components/quotation-list';
import type { Route } from './+types/quotations';

export const meta: Route.MetaFunction = () => [
  { title: 'Your quotations · Crossbuy' },
  { name: 'robots', content: 'noindex' },
];

export default function QuotationsRoute() {
  const [searchParams] = useSearchParams();
  const filter = searchParams.get('filter');
  const page = Math.max(1, Math.trunc(Number(searchParams.get('page'))) || 1);
  return (
    <RequireSignedIn>
      {() => <QuotationList filter={isQuotationFilter(filter) ? filter : 'all'} page={page} />}
    </RequireSignedIn>
  );
}
