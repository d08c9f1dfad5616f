import { TermsContent } from '../features/legal/components/terms-content';
import { pageMeta } from '../lib/page-meta';
import type { Route } from './+types/terms';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Terms and conditions',
    description:
      'The terms of buying from Crossbuy: accounts, prices and currencies, quotations for items from abroad, orders, delivery, returns and refunds.',
  });

export default function TermsRoute() {
  return <TermsContent />;
}
