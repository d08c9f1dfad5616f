import type { AdminProduct } from '@crossbuy/core/catalogue';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormPanel, Panel } from '../../../components/ui/panel';
import { Price } from '../../../components/ui/price';
import { TextField } from '../../../components/ui/text-field';
import { AddKindForm } from './add-kind-form';
import { AddOptionForm } from './add-option-form';
import { AddVariantForm } from './add-variant-form';
import { type Change, OutcomeMessage, STOCK_HINT, useOutcome, wholeCount } from './variant-outcome';
import { VariantTable } from './variant-table';

/** The stock of a product without variants, set to an absolute count. */
export function ProductStockForm({ product, change }: { product: AdminProduct; change: Change }) {
  const [stock, setStock] = useState(String(product.stock));
  const [invalid, setInvalid] = useState(false);
  const { outcome, run } = useOutcome();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const count = wholeCount(stock);
    setInvalid(count === null);
    if (count !== null)
      void run(
        () => change({ kind: 'set_stock', input: { path: '', stock: count } }),
        `Stock set to ${count}.`,
      );
  };
  return (
    <FormPanel headingId="stock-heading" title="Stock" titleSize="xl" onSubmit={submit} noValidate>
      <p className="text-sm text-muted">Units on hand now. Unpaid orders have already taken theirs off.</p>
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          label="Units in stock"
          value={stock}
          onChange={(event) => setStock(event.target.value)}
          inputMode="numeric"
          autoComplete="off"
          error={invalid ? STOCK_HINT : undefined}
          className="w-40"
        />
        <Button type="submit">Set stock</Button>
      </div>
      <OutcomeMessage outcome={outcome} />
    </FormPanel>
  );
}

/** The product's variants: price and stock of each, adding options and variants, removing unordered ones. */
export function ProductVariants({ product, change }: { product: AdminProduct; change: Change }) {
  const [removed, setRemoved] = useState('');
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The removed variant's row, and the button that removed it, are gone: say so where focus lands.
  const onRemoved = (label: string) => {
    setRemoved(`${label} removed.`);
    headingRef.current?.focus();
  };
  return (
    <Panel headingId="variants-heading" title="Variants" titleSize="xl" gap={4} headingRef={headingRef}>
      <p role="status" className="text-sm">
        {removed}
      </p>
      <p className="text-sm text-muted">
        The product's price is the lowest of its variants'. A variant that has been ordered stays with its
        orders: set its stock to 0 to stop selling it.
      </p>
      {product.variantRows.length === 0 ? (
        <p>No variants yet.</p>
      ) : (
        <VariantTable product={product} change={change} onRemoved={onRemoved} />
      )}
      <p className="text-sm">
        Lowest price now: <Price value={product.price} />
      </p>
      {product.variantRows.length === 0 ? (
        <>
          <h3 className="font-semibold">Add a kind of choice</h3>
          <AddKindForm product={product} change={change} />
        </>
      ) : null}
      {product.variants.length > 0 ? (
        <>
          <h3 className="font-semibold">Add an option</h3>
          <AddOptionForm product={product} change={change} />
          <h3 className="font-semibold">Add a variant</h3>
          <AddVariantForm
            key={product.variants.map((kind) => kind.options.length).join('/')}
            product={product}
            change={change}
          />
        </>
      ) : null}
    </Panel>
  );
}
