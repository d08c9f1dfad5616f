import { ContactMessagePage } from '../features/contact-inbox/components/contact-message-page';
import type { Route } from './+types/admin-message';

export const meta: Route.MetaFunction = () => [
  { title: 'Message · Crossbuy back office' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminMessageRoute({ params }: Route.ComponentProps) {
  return <ContactMessagePage key={params.messageId} messageId={params.messageId} />;
}
