import { useSearchParams } from 'react-router';
import { RequireSignedIn } from '../features/auth/components/require-signed-in';
import { QuotationRequestForm } from '../features/quotations/components/quotation-request-form';
import type { Route } from './+types/quotation-new';

export const meta: Route.MetaFunction = () => [
  { title: 'Request a quotation · Crossbuy' },
  { name: 'robots', content: 'noindex' },
];

export default function QuotationNewRoute() {
  const [searchParams] = useSearchParams();
  return (
    <RequireSignedIn>
      {() => <QuotationRequestForm initialLink={searchParams.get('link') ?? ''} />}
    </RequireSignedIn>
  );
}
