import { CategoryAdmin } from '../features/catalogue/components/category-admin';
import type { Route } from './+types/admin-categories';

export const meta: Route.MetaFunction = () => [
  { title: 'Categories · Crossbuy back office' },
  { name: 'robots', content: 'noindex' },
];

export default function AdminCategoriesRoute() {
  return <CategoryAdmin />;
}
