import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { HeaderControlFace, headerControl } from './header-control';

const loadPanel = () => import('../../features/catalogue/components/category-panel');
// The panel and the categories load on the first opening, so no page pays for them in its first load.
const CategoryPanel = lazy(loadPanel);

/**
 * The header's way into the categories: a button that opens a mega menu under the header from md up, or
 * a drawer on a phone. A disclosure, opened by click, Enter or Space rather than by hovering.
 */
export function CategoryMenu() {
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  }, []);

  // A chosen category opens its page: the menu has done its work.
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every change of page
  useEffect(() => setOpen(false), [pathname]);

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
        // Starts fetching the panel's code as the pointer or focus arrives, so the click finds it ready.
        onPointerEnter={loadPanel}
        onFocus={loadPanel}
        className={`${headerControl} shrink-0 border border-line md:border-transparent`}
      >
        <HeaderControlFace
          name="Categories"
          icon={<path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />}
        />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <CategoryPanel id={panelId} opener={button} onClose={close} />
        </Suspense>
      ) : null}
    </>
  );
}
