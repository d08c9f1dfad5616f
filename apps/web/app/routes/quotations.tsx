import { useSearchParams } from 'react-router';
import { pageFromSearch } from '../components/ui/pagination';
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
  const page = pageFromSearch(searchParams.get('page'));
  return (
    <RequireSignedIn>
      {() => <QuotationList filter={isQuotationFilter(filter) ? filter : 'all'} page={page} />}
    </RequireSignedIn>
  );
}
