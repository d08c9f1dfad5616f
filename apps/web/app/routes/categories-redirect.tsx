import { redirect } from 'react-router';
import type { Route } from './+types/categories-redirect';

// Banners and image pages may link to /categories/<id> (the demo content does); the page is
// /category/<id>, so both addresses lead there.
export function loader({ params, request }: Route.LoaderArgs) {
  const { search } = new URL(request.url);
  const prefix = params.country ? `/${params.country}` : '';
  return redirect(`${prefix}/category/${encodeURIComponent(params.categoryId)}${search}`, 301);
}
