import { useSearchParams } from 'react-router';
import { PackingSlips, packingSlipIdsFrom } from '../features/orders/components/packing-slips';
import type { Route } from './+types/admin-packing-slip';

export const meta: Route.MetaFunction = () => [
  { title: 'Packing slips · Crossbuy back office' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminPackingSlipRoute() {
  const [searchParams] = useSearchParams();
  return <PackingSlips orderIds={packingSlipIdsFrom(searchParams)} />;
}
