import type { ComponentProps, FormEvent, ReactNode } from 'react';
import { useEffect, useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { type ListingData, type ListingFilters, listingHref, SORT_LABELS, searchFromForm } from '../listing';

/** Filters a page fixes itself (a category page its category), which its panel does not offer. */
export type FixedFilters = { category?: boolean; merchant?: boolean };

type FiltersProps = { action: string; data: ListingData; fixed?: FixedFilters };

/**
 * A listing's filter or sort form. Filter forms are plain GET forms, so they work before scripts load
 * and every filtered listing has an address. With scripts, choices apply at once and the URL leaves out
 * empty fields.
 */
function ListingForm({
  action,
  ...form
}: Omit<ComponentProps<'form'>, 'method' | 'onSubmit' | 'onChange'> & { action: string }) {
  const navigate = useNavigate();
  // Fields hold their URL's values as defaults; a new URL (Back, a removed filter) must reset them.
  const { search } = useLocation();
  const go = (element: HTMLFormElement) => navigate(`${action}${searchFromForm(element)}`);
  return (
    <form
      {...form}
      method="get"
      action={action}
      key={search}
      onSubmit={(event) => {
        event.preventDefault();
        go(event.currentTarget);
      }}
      // A form's change event comes from the field that changed, whatever React's types say of its target.
      onChange={(event: FormEvent<HTMLFormElement>) => {
        const target = event.target as HTMLInputElement | HTMLSelectElement;
        if (target.type === 'radio' || target.type === 'checkbox' || target.tagName === 'SELECT') {
          go(event.currentTarget);
        }
      }}
    />
  );
}

/** Whether the page has been taken over by scripts; false in the server render and before hydration. */
function useScripted(): boolean {
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  return scripted;
}

function Hidden({ name, value }: { name: string; value: string | null | false }) {
  return value ? <input type="hidden" name={name} value={value} /> : null;
}

function FacetGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      {children}
    </fieldset>
  );
}

function Choice(props: {
  type: 'radio' | 'checkbox';
  name: string;
  value: string;
  checked: boolean;
  label: string;
  count?: number;
}) {
  const { type, name, value, checked, label, count } = props;
  return (
    <label className="flex min-h-9 cursor-pointer items-center gap-2 text-sm">
      <input
        type={type}
        name={name}
        value={value}
        defaultChecked={checked}
        className="size-4 accent-brand-700"
      />
      <span className="flex-1">{label}</span>
      {count === undefined ? null : (
        <span className="text-xs text-muted">
          {count}
          <span className="sr-only"> products</span>
        </span>
      )}
    </label>
  );
}

/** One end of the price range, typed as the shopper writes an amount ("12.50"). */
function PriceBound({ label, name, value }: { label: string; name: 'minPrice' | 'maxPrice'; value: string }) {
  return (
    <label className="flex flex-col gap-1 text-sm">
      {label}
      <input
        name={name}
        inputMode="decimal"
        defaultValue={value}
        autoComplete="off"
        className="min-h-11 w-full rounded-lg border border-line bg-white px-3 text-base"
      />
    </label>
  );
}

/**
 * The facets a shopper picks one of, in the order the panel offers them: each the listing's filter of
 * that name, and the result's facets to choose from; a page that fixes the filter offers neither.
 */
const ONE_OF_FACETS = [
  { filter: 'category', facets: 'categories', legend: 'Category', allLabel: 'All categories' },
  { filter: 'merchant', facets: 'merchants', legend: 'Merchant', allLabel: 'All merchants' },
] as const;

/** A radio group that narrows the listing to one of its facets, or to all of them. */
function OneOfFacets({
  legend,
  name,
  allLabel,
  chosen,
  facets,
}: {
  legend: string;
  name: string;
  allLabel: string;
  chosen: string | null | undefined;
  facets: readonly { id: string; name: string; count: number }[];
}) {
  return (
    <FacetGroup legend={legend}>
      <Choice type="radio" name={name} value="" checked={!chosen} label={allLabel} />
      {facets.map((facet) => (
        <Choice
          key={facet.id}
          type="radio"
          name={name}
          value={facet.id}
          checked={chosen === facet.id}
          label={facet.name}
          count={facet.count}
        />
      ))}
    </FacetGroup>
  );
}

/** Category, merchant, stock and price filters, with how many products each choice would show. */
export function FilterPanel({ action, data, fixed = {} }: FiltersProps) {
  const id = useId();
  const { filters, result, currency } = data;
  const { facets } = result;
  const active = activeFilterCount(filters, fixed);

  return (
    <details className="group rounded-xl border border-line bg-white md:border-0 md:bg-transparent md:details-content:[content-visibility:visible]">
      <summary className="flex min-h-11 cursor-pointer items-center justify-between rounded-xl px-4 font-semibold md:hidden">
        <span>Filters{active > 0 ? ` (${active})` : ''}</span>
        <span aria-hidden="true" className="transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <ListingForm
        action={action}
        aria-labelledby={`${id}-heading`}
        className="flex flex-col gap-5 border-t border-line p-4 md:border-0 md:p-0"
      >
        <h2 id={`${id}-heading`} className="sr-only md:not-sr-only md:text-lg md:font-semibold">
          Filters
        </h2>
        <Hidden name="q" value={filters.q} />
        <Hidden name="asTyped" value={filters.asTyped && '1'} />
        <Hidden name="sort" value={filters.sort} />
        {ONE_OF_FACETS.map((kind) =>
          fixed[kind.filter] ? null : (
            <OneOfFacets
              key={kind.filter}
              legend={kind.legend}
              name={kind.filter}
              allLabel={kind.allLabel}
              chosen={filters[kind.filter]}
              facets={facets[kind.facets]}
            />
          ),
        )}
        <FacetGroup legend="Availability">
          <Choice
            type="checkbox"
            name="inStock"
            value="1"
            checked={filters.inStock}
            label="In stock only"
            count={facets.stock.inStock}
          />
        </FacetGroup>
        {currency ? (
          <FacetGroup legend={`Price (${currency})`}>
            <div className="grid grid-cols-2 gap-2">
              <PriceBound label="From" name="minPrice" value={filters.minPrice} />
              <PriceBound label="To" name="maxPrice" value={filters.maxPrice} />
            </div>
          </FacetGroup>
        ) : null}
        <button
          type="submit"
          className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Apply filters
        </button>
      </ListingForm>
    </details>
  );
}

/** The sort order, a form of its own so it stays in view when the filters are folded away on a phone. */
export function SortForm({ action, data }: Omit<FiltersProps, 'fixed'>) {
  const id = useId();
  const { filters } = data;
  const scripted = useScripted();
  const sorts = (Object.keys(SORT_LABELS) as (keyof typeof SORT_LABELS)[]).filter(
    (sort) => sort !== 'relevance' || filters.q,
  );
  return (
    <ListingForm action={action} className="flex items-center gap-2">
      <Hidden name="q" value={filters.q} />
      <Hidden name="asTyped" value={filters.asTyped && '1'} />
      <Hidden name="category" value={filters.category} />
      <Hidden name="merchant" value={filters.merchant} />
      <Hidden name="minPrice" value={filters.minPrice} />
      <Hidden name="maxPrice" value={filters.maxPrice} />
      <Hidden name="inStock" value={filters.inStock && '1'} />
      <label htmlFor={`${id}-sort`} className="text-sm font-medium">
        Sort by
      </label>
      <select
        id={`${id}-sort`}
        name="sort"
        defaultValue={filters.sort ?? (filters.q ? 'relevance' : 'newest')}
        className="min-h-11 rounded-lg border border-line bg-white px-2 text-sm"
      >
        {sorts.map((sort) => (
          <option key={sort} value={sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </select>
      {scripted ? null : (
        <button
          type="submit"
          className="min-h-11 rounded-lg border border-brand-700 px-3 text-sm font-semibold text-brand-800"
        >
          Sort
        </button>
      )}
    </ListingForm>
  );
}

export function activeFilterCount(filters: ListingFilters, fixed: FixedFilters = {}): number {
  return [
    ...ONE_OF_FACETS.map((kind) => !fixed[kind.filter] && filters[kind.filter]),
    filters.inStock,
    filters.minPrice || filters.maxPrice,
  ].filter(Boolean).length;
}

/** The filters in use, each with a link that removes it, and one that removes them all. */
export function ActiveFilters({ action, data, fixed = {} }: FiltersProps) {
  const { filters, result, currency } = data;
  const nameOf = (list: { id: string; name: string }[], id: string) =>
    list.find((entry) => entry.id === id)?.name ?? id;
  const chips: { label: string; href: string }[] = [];
  for (const kind of ONE_OF_FACETS) {
    const chosen = filters[kind.filter];
    if (!fixed[kind.filter] && chosen) {
      chips.push({
        label: `${kind.legend}: ${nameOf(result.facets[kind.facets], chosen)}`,
        href: listingHref(action, filters, { [kind.filter]: null }),
      });
    }
  }
  if (filters.inStock) {
    chips.push({ label: 'In stock only', href: listingHref(action, filters, { inStock: false }) });
  }
  if (filters.minPrice || filters.maxPrice) {
    chips.push({
      label: `Price: ${filters.minPrice || '0'} – ${filters.maxPrice || 'any'}${currency ? ` ${currency}` : ''}`,
      href: listingHref(action, filters, { minPrice: '', maxPrice: '' }),
    });
  }
  if (chips.length === 0) return null;
  return (
    <ul className="flex flex-wrap items-center gap-2" aria-label="Filters in use">
      {chips.map((chip) => (
        <li key={chip.label}>
          <Link
            to={chip.href}
            className="inline-flex min-h-9 items-center gap-1 rounded-full border border-brand-200 bg-brand-50 px-3 text-sm text-brand-900 hover:border-brand-700"
            aria-label={`Remove filter ${chip.label}`}
          >
            {chip.label}
            <span aria-hidden="true">×</span>
          </Link>
        </li>
      ))}
      <li>
        <Link
          to={clearFiltersHref(action, filters)}
          className="text-sm font-semibold text-brand-800 underline"
        >
          Clear all filters
        </Link>
      </li>
    </ul>
  );
}

/** The listing with only its search words (and sort) kept. */
export function clearFiltersHref(action: string, filters: ListingFilters): string {
  return listingHref(action, filters, {
    category: null,
    merchant: null,
    inStock: false,
    minPrice: '',
    maxPrice: '',
  });
}
