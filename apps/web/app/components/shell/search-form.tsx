import { useId } from 'react';
import { Form, useLocation, useSearchParams } from 'react-router';
import { track } from '../../lib/analytics';

type SearchFormProps = {
  /** Names the search landmark; a page with two search boxes needs two names. */
  label?: string;
  className?: string;
};

/** Searches the catalogue with a plain GET, so it also works before the page's scripts load. */
export function SearchForm({ label = 'Site search', className = '' }: SearchFormProps) {
  const id = useId();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  // On a results page the box holds the words searched for, ready to be refined.
  const current = /\/search\/?$/.test(pathname) ? (searchParams.get('q') ?? '') : '';
  return (
    <Form
      method="get"
      action="/search"
      role="search"
      aria-label={label}
      onSubmit={(event) => {
        const term = String(new FormData(event.currentTarget).get('q') ?? '').trim();
        if (term) track('search', { search_term: term });
      }}
      className={`flex ${className}`.trim()}
    >
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <input
        id={id}
        type="search"
        name="q"
        key={current}
        defaultValue={current}
        placeholder="Search products"
        enterKeyHint="search"
        className="min-h-11 w-full min-w-0 rounded-s-lg border border-e-0 border-line bg-white px-3 text-base"
      />
      <button
        type="submit"
        className="inline-flex min-h-11 items-center rounded-e-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
      >
        Search
      </button>
    </Form>
  );
}
