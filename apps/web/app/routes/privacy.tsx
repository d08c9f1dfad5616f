import { PrivacyContent } from '../features/legal/components/privacy-content';
import { pageMeta } from '../lib/page-meta';
import type { Route } from './+types/privacy';

export const meta: Route.MetaFunction = () =>
  pageMeta({
    title: 'Privacy notice',
    description:
      'What personal data Crossbuy collects, why, who it is shared with, how long it is kept and how to ask for a copy or its deletion.',
  });

export default function PrivacyRoute() {
  return <PrivacyContent />;
}
