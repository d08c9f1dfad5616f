import { data, Outlet, type ShouldRevalidateFunctionArgs } from 'react-router';
import { countryCodeFromSegment } from '../lib/country-segment.server';
import type { Route } from './+types/country-layout';

export type CountryLayoutData = { countryCode: string | null };

// The check runs on the server so the browser never downloads the country data just to read a URL.
export function loader({ params }: Route.LoaderArgs): CountryLayoutData {
  if (params.country === undefined) return { countryCode: null };
  const countryCode = countryCodeFromSegment(params.country);
  // Without this, '/anything' would render the home page with 'anything' taken as a country.
  if (!countryCode) throw data(null, { status: 404 });
  return { countryCode };
}

export function shouldRevalidate({ currentParams, nextParams }: ShouldRevalidateFunctionArgs) {
  return currentParams.country !== nextParams.country;
}

export default function CountryLayout() {
  return <Outlet />;
}
