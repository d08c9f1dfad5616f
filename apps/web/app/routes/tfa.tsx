import { NarrowPage } from '../components/ui/narrow-page';
import { TfaPrompt } from '../features/tfa/components/tfa-prompt';
import type { Route } from './+types/tfa';

export const meta: Route.MetaFunction = () => [
  { title: 'Two-factor authentication · Crossbuy' },
  { name: 'robots', content: 'noindex' },
];

export default function TfaRoute() {
  return (
    <NarrowPage
      title="Two-factor authentication"
      intro="Your account is protected with two-factor authentication. Enter the code from your authenticator app to finish signing in."
    >
      <TfaPrompt />
    </NarrowPage>
  );
}
