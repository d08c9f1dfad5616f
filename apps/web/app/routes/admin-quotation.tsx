import { QuotationAnswer } from '../features/quotations/components/quotation-answer';
import type { Route } from './+types/admin-quotation';

export const meta: Route.MetaFunction = () => [
  { title: 'Quotation request · Crossbuy back office' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminQuotationRoute({ params }: Route.ComponentProps) {
  return <QuotationAnswer key={params.quotationId} id={params.quotationId} />;
}
