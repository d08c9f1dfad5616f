import { HomePage } from '../features/home/components/home-page';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = () => [
  { title: 'Crossbuy · Shop our catalogue or get a quotation from abroad' },
  {
    name: 'description',
    content: 'Shop the Crossbuy catalogue, or paste a link from a marketplace abroad and get a quotation.',
  },
];

export default function HomeRoute() {
  return <HomePage />;
}
