import { useId } from 'react';
import { Form } from 'react-router';

type SearchFormProps = {
  /** Names the search landmark; a page with two search boxes needs two names. */
  label?: string;
  className?: string;
};

/** Searches the catalogue with a plain GET, so it also works before the page's scripts load. */
export function SearchForm({ label = 'Site search', className = '' }: SearchFormProps) {
  const id = useId();
  return (
    <Form
      method="get"
      action="/search"
      role="search"
      aria-label={label}
      className={`flex ${className}`.trim()}
    >
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <input
        id={id}
        type="search"
        name="q"
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
