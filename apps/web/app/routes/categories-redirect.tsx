import { data, redirect } from 'react-router';
import { countryCodeFromSegment } from '../lib/country-segment.server';
import type { Route } from './+types/categories-redirect';

// Banners and image pages may link to /categories/<id> (the demo content does); the page is
// /category/<id>, so both addresses lead there. The country segment is checked here too: this loader
// runs beside the layout's, and an unchecked segment such as '%2Fevil.example' would make the target
// '//evil.example/…', another site.
export function loader({ params, request }: Route.LoaderArgs) {
  const { search } = new URL(request.url);
  if (params.country !== undefined && !countryCodeFromSegment(params.country)) {
    throw data(null, { status: 404 });
  }
  const prefix = params.country ? `/${params.country}` : '';
  return redirect(`${prefix}/category/${encodeURIComponent(params.categoryId)}${search}`, 301);
}
