import { NarrowPage } from '../components/ui/narrow-page';
import { ContactForm } from '../features/contact/components/contact-form';
import type { Route } from './+types/contact';

export const meta: Route.MetaFunction = () => [
  { title: 'Contact us · Crossbuy' },
  {
    name: 'description',
    content: 'Write to the Crossbuy store about an order, a quotation or anything else.',
  },
];

export default function ContactRoute() {
  return (
    <NarrowPage
      title="Contact us"
      intro="A question about an order, a quotation or anything else? Write to us and we will reply by email."
    >
      <ContactForm />
    </NarrowPage>
  );
}
