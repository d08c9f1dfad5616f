import { RequireSignedIn } from '../features/auth/components/require-signed-in';
import { QuotationDetail } from '../features/quotations/components/quotation-detail';
import type { Route } from './+types/quotation';

export const meta: Route.MetaFunction = () => [
  { title: 'Your quotation · Crossbuy' },
  { name: 'robots', content: 'noindex' },
];

export default function QuotationRoute({ params }: Route.ComponentProps) {
  return (
    <RequireSignedIn>
      {() => <QuotationDetail key={params.quotationId} id={params.quotationId} />}
    </RequireSignedIn>
  );
}
