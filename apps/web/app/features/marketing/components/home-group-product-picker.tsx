import { messageForError } from '@crossbuy/core/errors';
import { HOME_GROUP_PRODUCTS_MAX } from '@crossbuy/core/marketing';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useAdminProductList } from '../../catalogue/api/product-admin-api';

const NO_FILTER = { categoryId: null, merchantId: null, enabled: null, stock: null, sort: null } as const;

/**
 * The group's products in their order, and a search of the catalogue to add more. Results are announced;
 * Enter in the search box searches rather than saving the group.
 */
export function ProductPicker({
  picked,
  names,
  error,
  onChange,
}: {
  picked: string[];
  names: ReadonlyMap<string, string>;
  error: string | undefined;
  onChange: (productIds: string[], added?: { id: string; name: string }) => void;
}) {
  const [typed, setTyped] = useState('');
  const [query, setQuery] = useState<string | null>(null);
  const results = useAdminProductList({ ...NO_FILTER, q: query }, 1);
  const errorId = useId();
  const nameOf = (id: string) => names.get(id) ?? id;
  const full = picked.length >= HOME_GROUP_PRODUCTS_MAX;
  const found = query === null ? null : results.data?.products;

  const move = (index: number, by: -1 | 1) => {
    const next = [...picked];
    const [moved] = next.splice(index, 1);
    if (moved !== undefined) next.splice(index + by, 0, moved);
    onChange(next);
  };

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={error ? errorId : undefined}>
      <legend className="font-semibold">Products</legend>
      <p className="text-sm text-muted">
        The home page shows them in this order, leaving out any not on sale. Up to {HOME_GROUP_PRODUCTS_MAX}.
      </p>
      <p id={errorId} aria-live="polite" className="text-sm text-danger-700">
        {error}
      </p>
      {picked.length === 0 ? (
        <p className="text-sm">No products chosen yet.</p>
      ) : (
        <ol className="flex flex-col gap-2" aria-label="Chosen products">
          {picked.map((id, index) => (
            <li key={id} className="flex flex-wrap items-center gap-2 rounded-lg border border-line p-2">
              <span className="min-w-0 flex-1 break-words">{nameOf(id)}</span>
              <Button
                variant="secondary"
                disabled={index === 0}
                onClick={() => move(index, -1)}
                aria-label={`Move ${nameOf(id)} up`}
              >
                Up
              </Button>
              <Button
                variant="secondary"
                disabled={index === picked.length - 1}
                onClick={() => move(index, 1)}
                aria-label={`Move ${nameOf(id)} down`}
              >
                Down
              </Button>
              <Button
                variant="secondary"
                onClick={() => onChange(picked.filter((other) => other !== id))}
                aria-label={`Remove ${nameOf(id)}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ol>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <TextField
            label="Find products"
            hint="Part of a name, or a product's id."
            value={typed}
            autoComplete="off"
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              setQuery(typed.trim());
            }}
          />
        </div>
        <Button variant="secondary" onClick={() => setQuery(typed.trim())}>
          Search
        </Button>
      </div>
      <p role="status" className="text-sm">
        {query === null
          ? ''
          : results.isPending
            ? 'Searching…'
            : found
              ? `${found.length === 0 ? 'No' : found.length} product${found.length === 1 ? '' : 's'} found.`
              : ''}
      </p>
      {results.isError && query !== null ? <Alert>{messageForError(results.error)}</Alert> : null}
      {found && found.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label="Products found">
          {found.map((product) => (
            <li key={product.id} className="flex flex-wrap items-center gap-2">
              <span className="min-w-0 flex-1 break-words">
                {product.name}
                {product.enabled ? '' : ' (disabled)'}
              </span>
              <Button
                variant="secondary"
                disabled={full || picked.includes(product.id)}
                onClick={() => onChange([...picked, product.id], { id: product.id, name: product.name })}
                aria-label={`Add ${product.name}`}
              >
                {picked.includes(product.id) ? 'Added' : 'Add'}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
