import type { AdminProduct, AdminVariant } from '@crossbuy/core/catalogue';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { type Change, useOutcome } from './variant-outcome';

/** Remove an unordered variant, after asking; focus moves to the question's safe answer and back. */
export function VariantRemoval({
  product,
  variant,
  change,
  onRemoved,
}: {
  product: AdminProduct;
  variant: AdminVariant;
  change: Change;
  onRemoved: (label: string) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const { outcome, run } = useOutcome();
  const removeRef = useRef<HTMLButtonElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (confirming) keepRef.current?.focus();
    else if (asked.current) removeRef.current?.focus();
    asked.current = confirming;
  }, [confirming]);
  if (variant.ordered) return <p className="text-muted">Ordered before: kept with its orders</p>;
  return (
    <>
      {confirming ? (
        <fieldset className="flex flex-col gap-2">
          <legend>Remove {variant.label} from the catalogue?</legend>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="danger"
              onClick={() =>
                void run(
                  () =>
                    change({
                      kind: 'remove_variant',
                      input: { version: product.version, path: variant.path },
                    }),
                  `${variant.label} removed.`,
                ).then((removed) => (removed ? onRemoved(variant.label) : setConfirming(false)))
              }
            >
              Remove
            </Button>
            <Button ref={keepRef} variant="secondary" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </div>
        </fieldset>
      ) : (
        <Button ref={removeRef} variant="secondary" onClick={() => setConfirming(true)}>
          Remove…
        </Button>
      )}
      {outcome && 'refused' in outcome ? <Alert>{outcome.refused}</Alert> : null}
    </>
  );
}
