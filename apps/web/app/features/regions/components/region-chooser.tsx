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

  return (
    <div className="flex flex-col">
      <label htmlFor={id} className="sr-only">
        Region and currency
      </label>
      <select
        id={id}
        value={current.countryCode}
        disabled={pending}
        aria-describedby={failure ? `${id}-failure` : undefined}
        onChange={(event) => void choose(event.target.value)}
        className="min-h-11 rounded-lg border border-line bg-white px-2 text-sm font-semibold text-brand-900"
      >
        {regions.map((region) => (
          <option key={region.countryCode} value={region.countryCode}>
            {region.name} ({region.currency})
          </option>
        ))}
      </select>
      {failure ? (
        <p id={`${id}-failure`} role="alert" className="max-w-48 text-xs text-danger-700">
          The region could not be changed: {failure}
        </p>
      ) : null}
    </div>
  );
}
