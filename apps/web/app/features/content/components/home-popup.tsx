import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { track } from '../../../lib/analytics';
import { imageUrl } from '../../../lib/images';
import type { Popup } from '../content-types';
import { ContentLink } from './content-link';

/** Session storage key holding the id of the popup already shown during this visit. */
export const POPUP_SEEN_KEY = 'crossbuy:popupSeen';

// Storage may be disabled or full; then the popup is simply shown again on the next home visit.
function alreadySeen(id: string): boolean {
  try {
    return window.sessionStorage.getItem(POPUP_SEEN_KEY) === id;
  } catch {
    return false;
  }
}

function rememberSeen(id: string): void {
  try {
    window.sessionStorage.setItem(POPUP_SEEN_KEY, id);
  } catch {
    // See alreadySeen.
  }
}

/**
 * The store's popup, shown once per visit (spec section 7, popup_shown and popup_clicked of section 9).
 * It is a non-modal dialog in a corner: an offer should not take the page, its focus or its keyboard
 * order away from a shopper who came to do something else. So it is opened with the `open` attribute,
 * not show(), which would move focus into it. Close, or Escape inside it, dismisses it.
 */
export function HomePopup({ popup }: { popup: Popup | null }) {
  const id = useId();
  const [shown, setShown] = useState<Popup | null>(null);

  useEffect(() => {
    if (!popup || alreadySeen(popup.id)) return;
    rememberSeen(popup.id);
    setShown(popup);
    track('popup_shown', { popup_id: popup.id, popup_name: popup.title });
  }, [popup]);

  if (!shown) return null;
  const close = () => setShown(null);

  return (
    <dialog
      open
      aria-labelledby={`${id}-title`}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
      className="fixed inset-x-4 top-auto bottom-4 z-40 m-0 rounded-2xl border border-line bg-white p-0 text-ink shadow-xl sm:start-auto sm:end-4 sm:w-96"
    >
      {shown.image ? (
        <img
          src={imageUrl(shown.image)}
          alt=""
          width={384}
          height={128}
          className="aspect-[3/1] w-full rounded-t-2xl bg-brand-50 object-cover"
        />
      ) : null}
      <div className="flex flex-col gap-3 p-5">
        <h2 id={`${id}-title`} className="text-lg font-bold">
          {shown.title}
        </h2>
        <p className="text-muted">{shown.body}</p>
        <div className="flex flex-wrap gap-2 pt-2">
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
