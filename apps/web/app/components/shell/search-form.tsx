import type { SearchSuggestions } from '@crossbuy/core/catalogue';
import { type KeyboardEvent, useId, useState } from 'react';
import { Form, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSearchSuggestions } from '../../features/catalogue/api/suggestions-api';
import { nextActiveOption } from '../../lib/active-option';
import { track } from '../../lib/analytics';
import { thumbnailUrl } from '../../lib/images';
import { SquarePicture } from '../ui/square-picture';

type SearchFormProps = {
  /** Names the search landmark; a page with two search boxes needs two names. */
  label?: string;
  className?: string;
};

/**
 * Searches the catalogue with a plain GET, so it also works before the page's scripts load; once they
 * have, it suggests categories and products while the shopper types.
 */
export function SearchForm({ label = 'Site search', className = '' }: SearchFormProps) {
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
      className={`relative flex ${className}`.trim()}
    >
      <SearchCombobox key={current} initialText={current} />
      <button
        type="submit"
        className="inline-flex min-h-11 items-center rounded-e-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
      >
        Search
      </button>
    </Form>
  );
}

type SuggestionOption = {
  key: string;
  href: string;
  group: 'categories' | 'products';
  text: string;
  detail: string | null;
  image: string | null | undefined;
};

function optionsOf(suggestions: SearchSuggestions): SuggestionOption[] {
  return [
    ...suggestions.categories.map((category) => ({
      key: `category-${category.id}`,
      href: `/category/${encodeURIComponent(category.id)}`,
      group: 'categories' as const,
      text: category.name,
      detail: category.parentName ? `in ${category.parentName}` : null,
      image: undefined,
    })),
    ...suggestions.products.map((product) => ({
      key: `product-${product.uuid}`,
      href: `/product/${encodeURIComponent(product.paramName)}`,
      group: 'products' as const,
      text: product.name,
      detail: null,
      image: product.mainImage,
    })),
  ];
}

const GROUP_NAMES = { categories: 'Categories', products: 'Products' } as const;

/**
 * The search box as a WAI-ARIA 1.2 combobox with a listbox popup: focus stays in the box, Up and Down
 * move the active suggestion (aria-activedescendant), Enter opens it (or searches when none is active),
 * Escape closes the list and then clears the box, and a status line says how many suggestions there are.
 */
function SearchCombobox({ initialText }: { initialText: string }) {
  const id = useId();
  const listboxId = `${id}-suggestions`;
  const navigate = useNavigate();
  const [text, setText] = useState(initialText);
  // The list opens as the shopper types and closes on Escape, on leaving the box and on choosing.
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = useSearchSuggestions(open ? text : '');
  const options = optionsOf(suggestions);
  const expanded = open && options.length > 0;
  const activeOption = expanded ? options[active] : undefined;
  const optionId = (index: number) => `${id}-option-${index}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const choose = (option: SuggestionOption) => {
    close();
    track('search', { search_term: text.trim() });
    navigate(option.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && !event.altKey) {
      event.preventDefault();
      if (!open) setOpen(true);
      setActive((index) => nextActiveOption(index, options.length, event.key as 'ArrowDown' | 'ArrowUp'));
    } else if (event.key === 'ArrowDown' && event.altKey) {
      event.preventDefault();
      setOpen(true);
    } else if (event.key === 'Enter' && activeOption) {
      event.preventDefault();
      choose(activeOption);
    } else if (event.key === 'Escape') {
      // The browser's own Escape clears a search box; the first Escape only closes the list.
      if (expanded) event.preventDefault();
      if (expanded) close();
      else setText('');
    }
  };

  return (
    <>
      <label htmlFor={id} className="sr-only">
        Search products
      </label>
      <input
        id={id}
        type="search"
        name="q"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={activeOption ? optionId(active) : undefined}
        autoComplete="off"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
        placeholder="Search products"
        enterKeyHint="search"
        className="min-h-11 w-full min-w-0 rounded-s-lg border border-e-0 border-line bg-white px-3 text-base"
      />
      <div
        id={listboxId}
        role="listbox"
        aria-label="Search suggestions"
        hidden={!expanded}
        // Keeps focus in the box when a suggestion is clicked, so the click is not lost to the box's blur.
        onMouseDown={(event) => event.preventDefault()}
        className="absolute inset-x-0 top-full z-40 mt-1 max-h-[70dvh] overflow-y-auto rounded-xl border border-line bg-white py-1 shadow-lg"
      >
        {(['categories', 'products'] as const).map((group) => {
          const inGroup = options.flatMap((option, index) =>
            option.group === group ? [{ option, index }] : [],
          );
          if (inGroup.length === 0) return null;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a listbox may hold only groups and options; a fieldset is neither
            <div key={group} role="group" aria-labelledby={`${id}-${group}`}>
              <div
                id={`${id}-${group}`}
                className="px-3 pt-2 pb-1 text-xs font-semibold uppercase tracking-wide text-muted"
              >
                {GROUP_NAMES[group]}
              </div>
              {inGroup.map(({ option, index }) => (
                // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the combobox, which points here with aria-activedescendant
                // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's own keys choose options (Up, Down, Enter)
                <div
                  key={option.key}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  onClick={() => choose(option)}
                  onMouseMove={() => setActive(index)}
                  className={`flex min-h-11 cursor-pointer items-center gap-3 px-3 py-1.5 text-sm ${index === active ? 'bg-brand-50 text-brand-900' : ''}`}
                >
                  {option.image !== undefined ? (
                    <SquarePicture
                      src={thumbnailUrl(option.image)}
                      size={32}
                      className="size-8 shrink-0 rounded border border-line object-cover"
                    />
                  ) : null}
                  <span className="min-w-0 truncate">
                    {option.text}
                    {option.detail ? <span className="text-muted"> {option.detail}</span> : null}
                  </span>
                </div>
              ))}
            </div>
          );
        })}
      </div>
      <div role="status" className="sr-only">
        {expanded
          ? `${options.length} ${options.length === 1 ? 'suggestion' : 'suggestions'}; use the up and down arrows to choose`
          : ''}
      </div>
    </>
  );
}
