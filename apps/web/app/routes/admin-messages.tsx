import { useSearchParams } from 'react-router';
import { pageFromSearch } from '../components/ui/pagination';
import { ContactInbox, inboxFilterFrom } from '../features/contact-inbox/components/contact-inbox';
import type { Route } from './+types/admin-messages';

export const meta: Route.MetaFunction = () => [
  { title: 'Messages · Crossbuy back office' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminMessagesRoute() {
  const [searchParams] = useSearchParams();
  return (
    <ContactInbox status={inboxFilterFrom(searchParams)} page={pageFromSearch(searchParams.get('page'))} />
  );
}
