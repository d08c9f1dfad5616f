import type { Popup } from '@crossbuy/core/catalogue';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { track } from '../../../lib/analytics';
import { ContentLink } from './content-link';
import { ContentPicture } from './content-picture';

/**
 * Cookie holding the id of the popup already shown during this visit. A session cookie, so every tab of
 * the visit sees it and the next visit starts without it.
 */
export const POPUP_SEEN_COOKIE = 'crossbuy_popup_seen';

function alreadySeen(id: string): boolean {
  return document.cookie
    .split(';')
    .some((pair) => pair.trim() === `${POPUP_SEEN_COOKIE}=${encodeURIComponent(id)}`);
}

function rememberSeen(id: string): void {
  const secure = window.location.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: a session cookie, which the Cookie Store API is not yet in every browser to set
  document.cookie = `${POPUP_SEEN_COOKIE}=${encodeURIComponent(id)}; path=/; samesite=lax${secure}`;
}

/**
 * Calls `ready` once the page has loaded and the browser is idle, and `clearOf` (the element the popup
 * must never cover as it appears) has left the viewport: the popup is never part of what the page
 * waits for, its largest paint, or the shopper's first view. Returns a function that calls it off.
 */
function whenPageSettledAndClearOf(clearOf: string | undefined, ready: () => void): () => void {
  let cancelled = false;
  let observer: IntersectionObserver | undefined;
  let idleHandle: number | undefined;

  const watchTheWay = () => {
    if (cancelled) return;
    const element = clearOf ? document.getElementById(clearOf) : null;
    if (!element || typeof IntersectionObserver === 'undefined') return ready();
    observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) return;
      observer?.disconnect();
      ready();
    });
    observer.observe(element);
  };
  const afterLoad = () => {
    idleHandle =
      typeof window.requestIdleCallback === 'function'
        ? window.requestIdleCallback(watchTheWay, { timeout: 3000 })
        : window.setTimeout(watchTheWay, 500);
  };

  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });

  return () => {
    cancelled = true;
    window.removeEventListener('load', afterLoad);
    if (idleHandle !== undefined) {
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idleHandle);
      window.clearTimeout(idleHandle);
    }
    observer?.disconnect();
  };
}

type HomePopupProps = {
  popup: Popup | null;
  /** Id of the element the popup waits to be scrolled past (the home page's quotation form). */
  clearOf?: string;
};

/**
 * The store's popup, shown once per visit (docs/rules/content.md; popup_shown and popup_clicked of docs/rules/money-dates-and-limits.md).
 * It is a small non-modal dialog at the bottom of the window: an offer should not take the page, its
 * focus or its keyboard order away from a shopper who came to do something else. So it is opened with
 * the `open` attribute, not show(), which would move focus into it. Close, or Escape inside it,
 * dismisses it. It is marked seen as it opens, so no other tab of the visit opens it again.
 */
export function HomePopup({ popup, clearOf }: HomePopupProps) {
  const id = useId();
  const [shown, setShown] = useState<Popup | null>(null);

  useEffect(() => {
    if (!popup) return;
    return whenPageSettledAndClearOf(clearOf, () => {
      // Read only now, not as the page starts: reading cookies is a synchronous call to the browser. And
      // another tab may have shown it while this one waited.
      if (alreadySeen(popup.id)) return;
      rememberSeen(popup.id);
      setShown(popup);
      track('popup_shown', { popup_id: popup.id, popup_name: popup.title });
    });
  }, [popup, clearOf]);

  if (!shown) return null;
  const close = () => setShown(null);

  return (
    <dialog
      open
      aria-labelledby={`${id}-title`}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
      className="fixed inset-x-3 top-auto bottom-3 z-40 m-0 max-h-[40dvh] overflow-y-auto rounded-2xl border border-line bg-white p-0 text-ink shadow-xl sm:start-auto sm:end-4 sm:bottom-4 sm:w-96"
    >
      {shown.image ? (
        // Phones get the words alone; the picture is only fetched where it is shown.
        <ContentPicture image={shown.image} width={384} className="hidden rounded-t-2xl sm:block" />
      ) : null}
      <div className="flex flex-col gap-2 p-4">
        <h2 id={`${id}-title`} className="font-bold">
          {shown.title}
        </h2>
        <p className="text-sm text-muted">{shown.body}</p>
        <div className="flex flex-wrap gap-2 pt-1">
          {shown.link ? (
            <ContentLink
              to={shown.link}
              className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 text-sm font-semibold text-white hover:bg-brand-800"
              onClick={() => {
                track('popup_clicked', { popup_id: shown.id, popup_name: shown.title });
                close();
              }}
            >
              Find out more
            </ContentLink>
          ) : null}
          <Button variant="secondary" onClick={close}>
            Close
          </Button>
        </div>
      </div>
    </dialog>
  );
}
