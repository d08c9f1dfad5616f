import { messageForError } from '@crossbuy/core/errors';
import { useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import { preferRegion, useShopperRegions } from '../../../lib/region-store';

/**
 * Chooses the region, and so the currency, prices are shown in. The server remembers the choice; the
 * page's data is then loaded again so every price on it follows.
 */
export function RegionChooser() {
  const id = useId();
  const { regions, current } = useShopperRegions();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (regions.length < 2 || !current) return null;

  const choose = async (countryCode: string) => {
    setPending(true);
    setFailure(null);
    try {
      await preferRegion(countryCode);
      await revalidator.revalidate();
    } catch (error) {
      setFailure(messageForError(error));
    } finally {
      setPending(false);
    }
  };

  // On a phone the header has room for the currency alone: it is what shows, and the select, its size
  // and transparent, lies over it, so a tap or the keyboard still opens the native list.
  return (
    <div className="relative flex flex-col">
      <label htmlFor={id} className="sr-only">
        Region and currency
      </label>
      <select
        id={id}
        value={current.countryCode}
        disabled={pending}
        aria-describedby={failure ? `${id}-failure` : undefined}
        onChange={(event) => void choose(event.target.value)}
        className="peer absolute inset-x-0 top-0 z-10 min-h-11 rounded-lg border border-line bg-white px-2 text-sm font-semibold text-brand-900 opacity-0 md:static md:opacity-100"
      >
        {regions.map((region) => (
          <option key={region.countryCode} value={region.countryCode}>
            {region.name} ({region.currency})
          </option>
        ))}
      </select>
      <span
        aria-hidden="true"
        className="inline-flex min-h-11 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-700 items-center gap-0.5 rounded-lg border border-line bg-white px-1.5 text-sm font-semibold text-brand-900 md:hidden"
      >
        {current.currency}
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
          <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
        </svg>
      </span>
      {failure ? (
        <p id={`${id}-failure`} role="alert" className="max-w-48 text-xs text-danger-700">
          The region could not be changed: {failure}
        </p>
      ) : null}
    </div>
  );
}
