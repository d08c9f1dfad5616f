import type { CategoryEntry } from '@crossbuy/core/catalogue';
import {
  type KeyboardEvent as ReactKeyboardEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Link } from 'react-router';
import { LineIcon } from '../../../components/ui/line-icon';
import { answerOf, storeClient } from '../../../lib/contract-client';
import { clearErrorSlot, setErrorSlot, useErrorSlot } from '../../../lib/error-slots';
import { useStore } from '../../../lib/store';
import { wrapTabFocus } from '../../../lib/tab-wrap';
import { categoriesCache, childCategories, fillCategoriesIfEmpty } from '../categories-cache';

/** From this width up (Tailwind's md) the categories open as a mega menu; below it as a drawer. */
const MEGA_MENU_QUERY = '(min-width: 48rem)';

type CategoryPanelProps = {
  id: string;
  /** The button that opened the panel: clicks on it are its own, and focus goes back to it. */
  opener: RefObject<HTMLButtonElement | null>;
  onClose: (returnFocus: boolean) => void;
};

/** The categories as a mega menu or a drawer, whichever fits the screen it opens on. */
export default function CategoryPanel(props: CategoryPanelProps) {
  const [wide] = useState(() => window.matchMedia(MEGA_MENU_QUERY).matches);
  const categories = useCategoriesForMenu();
  return wide ? (
    <MegaMenu {...props} categories={categories} />
  ) : (
    <CategoryDrawer {...props} categories={categories} />
  );
}

/**
 * The categories of the visit: the cache once a page or an earlier opening filled it, else one call,
 * whose failure goes to the categories error slot. Null while loading.
 */
function useCategoriesForMenu(): CategoryEntry[] | null {
  const cache = useStore(categoriesCache);
  useEffect(() => {
    if (categoriesCache.get().fetchedAt !== null) return;
    storeClient
      .GET('/product/categories')
      .then((answer) => {
        fillCategoriesIfEmpty(answerOf(answer).categories);
        clearErrorSlot('categories');
      })
      .catch((error: unknown) => setErrorSlot('categories', error));
  }, []);
  return cache.fetchedAt === null ? null : cache.categories;
}

type ListProps = { categories: CategoryEntry[] | null };

/** What the panel shows while the categories load or when they could not be. */
function CategoriesState({ categories }: ListProps) {
  const error = useErrorSlot('categories');
  if (error) return <p className="text-sm">The categories could not be loaded. Please try again later.</p>;
  if (categories === null) return <p className="text-sm text-muted">Loading categories…</p>;
  if (categories.length === 0) return <p className="text-sm text-muted">There are no categories yet.</p>;
  return null;
}

/**
 * The top categories, each laid out by `renderTop` (given every category, to find those below it), after
 * what the panel says while they load or when they could not be.
 */
function TopCategories({
  categories,
  className,
  renderTop,
}: ListProps & {
  className: string;
  renderTop: (top: CategoryEntry, all: readonly CategoryEntry[]) => ReactNode;
}) {
  const all = categories ?? [];
  return (
    <>
      <CategoriesState categories={categories} />
      <ul className={className}>{childCategories(all, null).map((top) => renderTop(top, all))}</ul>
    </>
  );
}

/** A link to a category's page; following it is choosing, which closes the panel. */
function CategoryLink({
  category,
  className,
  onChoose,
  children,
}: {
  category: CategoryEntry;
  className: string;
  onChoose: () => void;
  children: ReactNode;
}) {
  return (
    <Link to={`/category/${encodeURIComponent(category.id)}`} className={className} onClick={onChoose}>
      {children}
    </Link>
  );
}

/** What a part of the panel below the top needs: every category, and what choosing one does. */
type BranchProps = { categories: readonly CategoryEntry[]; onChoose: () => void };

/**
 * Desktop: every top category with the categories one level below it, under the header. Escape closes
 * it and puts focus back on its button; a click elsewhere or focus moving elsewhere closes it.
 */
export function MegaMenu({ id, opener, onClose, categories }: CategoryPanelProps & ListProps) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const inside = (target: EventTarget | null) =>
      target instanceof Node && (panel.current?.contains(target) || opener.current?.contains(target));
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose(true);
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!inside(event.target)) onClose(false);
    };
    const onFocusIn = (event: FocusEvent) => {
      if (!inside(event.target)) onClose(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [opener, onClose]);

  const choose = () => onClose(false);
  return (
    <div
      ref={panel}
      id={id}
      className="absolute inset-x-0 top-full z-30 max-h-[calc(100dvh-5rem)] overflow-y-auto border-b border-line bg-white shadow-lg"
    >
      <nav aria-label="Categories" className="mx-auto max-w-6xl px-4 py-6">
        <TopCategories
          categories={categories}
          className="grid grid-cols-3 gap-x-8 gap-y-6 lg:grid-cols-4"
          renderTop={(top, all) => (
            <li key={top.id} className="flex flex-col gap-1">
              <CategoryLink
                category={top}
                className="rounded text-base font-bold text-brand-800 hover:underline"
                onChoose={choose}
              >
                {top.name}
              </CategoryLink>
              <CategoryBranch categories={all} parent={top} onChoose={choose} />
            </li>
          )}
        />
      </nav>
    </div>
  );
}

/**
 * The categories below `parent`, each with those below it in turn: the second level as headings of a
 * sort, the third as plain links.
 */
function CategoryBranch({ categories, parent, onChoose }: BranchProps & { parent: CategoryEntry }) {
  const children = childCategories(categories, parent.id);
  if (children.length === 0) return null;
  const nested = parent.depth > 0;
  return (
    <ul className={nested ? 'flex flex-col ps-3' : 'flex flex-col gap-1'}>
      {children.map((child) => (
        <li key={child.id}>
          <CategoryLink
            category={child}
            className={`flex min-h-11 items-center rounded text-sm hover:text-brand-800 hover:underline md:min-h-7 ${nested ? 'text-ink' : 'font-semibold text-ink'}`}
            onChoose={onChoose}
          >
            {child.name}
          </CategoryLink>
          <CategoryBranch categories={categories} parent={child} onChoose={onChoose} />
        </li>
      ))}
    </ul>
  );
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Phone: a modal drawer from the side. Focus moves into it and stays there (Tab and Shift+Tab wrap),
 * the page behind does not scroll, and the close button, Escape or a tap beside it closes it and puts
 * focus back on its button.
 */
export function CategoryDrawer({ id, onClose, categories }: CategoryPanelProps & ListProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    closeButton.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, []);

  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose(true);
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    // Links of a closed section are in the document but cannot take focus.
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (element) => !element.closest('[hidden]'),
    );
    wrapTabFocus(event, focusable);
  };

  return (
    <div className="fixed inset-0 z-50">
      <div aria-hidden="true" className="absolute inset-0 bg-ink/40" onClick={() => onClose(true)} />
      <div
        ref={dialog}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
        className="absolute inset-y-0 start-0 flex w-[85vw] max-w-sm flex-col bg-white shadow-xl"
      >
        <div className="flex items-center justify-between border-b border-line px-4 py-2">
          <h2 id={titleId} className="text-lg font-semibold">
            Categories
          </h2>
          <button
            ref={closeButton}
            type="button"
            onClick={() => onClose(true)}
            className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg text-brand-800 hover:bg-brand-50"
          >
            <LineIcon>
              <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
            </LineIcon>
            <span className="sr-only">Close categories</span>
          </button>
        </div>
        <nav aria-labelledby={titleId} className="flex-1 overflow-y-auto overscroll-contain px-4 py-3">
          <TopCategories
            categories={categories}
            className="flex flex-col divide-y divide-line"
            renderTop={(top, all) => (
              <DrawerSection key={top.id} categories={all} top={top} onChoose={() => onClose(false)} />
            )}
          />
        </nav>
      </div>
    </div>
  );
}

/** One top category in the drawer: a disclosure, so the list stays short enough to scan on a phone. */
function DrawerSection({ categories, top, onChoose }: BranchProps & { top: CategoryEntry }) {
  const sectionId = useId();
  const [open, setOpen] = useState(false);
  return (
    <li>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={sectionId}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        className="flex min-h-12 w-full items-center justify-between gap-3 text-start font-semibold text-brand-800"
      >
        {top.name}
        <LineIcon className={`size-5 shrink-0 transition-transform ${open ? 'rotate-180' : ''}`}>
          <path d="M6 9l6 6 6-6" strokeLinecap="round" strokeLinejoin="round" />
        </LineIcon>
      </button>
      <div id={sectionId} hidden={!open} className="pb-3">
        <CategoryLink
          category={top}
          className="flex min-h-11 items-center text-sm font-medium underline"
          onChoose={onChoose}
        >
          All of {top.name}
        </CategoryLink>
        <CategoryBranch categories={categories} parent={top} onChoose={onChoose} />
      </div>
    </li>
  );
}
