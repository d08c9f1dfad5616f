import { type AdminProduct, isValidVariantPath, variantLabel, variantPathOf } from '@crossbuy/core/catalogue';
import { DEFAULT_CURRENCY } from '@crossbuy/core/money';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { minorFromText } from './product-admin-form';
import { type Change, OutcomeMessage, STOCK_HINT, useOutcome, wholeCount } from './variant-outcome';

/** A variant for a combination of options that has none yet. */
export function AddVariantForm({ product, change }: { product: AdminProduct; change: Change }) {
  const [choice, setChoice] = useState<string[]>(() => product.variants.map(() => ''));
  const [price, setPrice] = useState('');
  const [stock, setStock] = useState('0');
  const [invalid, setInvalid] = useState(false);
  const { outcome, run } = useOutcome();
  const path = choice.every((value) => value !== '') ? variantPathOf(choice.map(Number)) : null;
  const taken = path !== null && product.variantRows.some((row) => row.path === path);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const priceMinor = minorFromText(price, DEFAULT_CURRENCY);
    const count = wholeCount(stock);
    setInvalid(priceMinor === null || count === null || path === null || taken);
    if (
      priceMinor === null ||
      count === null ||
      path === null ||
      taken ||
      !isValidVariantPath(product.variants, path)
    )
      return;
    const label = variantLabel(product.variants, path) ?? path;
    void run(
      () =>
        change({ kind: 'save_variant', input: { version: product.version, path, priceMinor, stock: count } }),
      `${label} added.`,
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Add a variant" className="flex flex-wrap items-end gap-3">
      {product.variants.map((variant, index) => (
        <SelectField
          key={variant.name}
          label={variant.name}
          value={choice[index] ?? ''}
          placeholder="Choose"
          onChange={(event) =>
            setChoice(choice.map((value, position) => (position === index ? event.target.value : value)))
          }
          options={variant.options.map((option, optionIndex) => ({
            value: String(optionIndex),
            label: option,
          }))}
          error={invalid && (choice[index] ?? '') === '' ? 'Please choose one' : undefined}
        />
      ))}
      <TextField
        label={`Price (${DEFAULT_CURRENCY})`}
        value={price}
        onChange={(event) => setPrice(event.target.value)}
        inputMode="decimal"
        autoComplete="off"
        error={
          invalid && minorFromText(price, DEFAULT_CURRENCY) === null
            ? 'Please enter a price such as 12.50'
            : undefined
        }
        className="w-36"
      />
      <TextField
        label="Stock"
        value={stock}
        onChange={(event) => setStock(event.target.value)}
        inputMode="numeric"
        autoComplete="off"
        error={invalid && wholeCount(stock) === null ? STOCK_HINT : undefined}
        className="w-28"
      />
      <Button type="submit" variant="secondary">
        Add variant
      </Button>
      <div className="basis-full">
        {taken ? (
          <Alert tone="info">That combination already has a variant: change it in the table.</Alert>
        ) : null}
        <OutcomeMessage outcome={outcome} />
      </div>
    </form>
  );
}
