import {
  type AdminProduct,
  type AdminVariant,
  isValidVariantPath,
  PRODUCT_MAX_STOCK,
  variantLabel,
  variantPathOf,
} from '@crossbuy/core/catalogue';
import { messageForError } from '@crossbuy/core/errors';
import { DEFAULT_CURRENCY } from '@crossbuy/core/money';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { Price } from '../../../components/ui/price';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { isStaleProduct, type ProductChange } from '../api/product-admin-api';
import { minorFromText, textFromMinor } from './product-admin-form';

type Change = (change: ProductChange) => Promise<AdminProduct>;

/** What a part of the page says after an action: done (announced politely) or refused (an alert). */
type Outcome = { done: string } | { refused: string } | null;

function useOutcome() {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const run = async (action: () => Promise<unknown>, done: string) => {
    setOutcome(null);
    try {
      await action();
      setOutcome({ done });
      return true;
    } catch (error) {
      // A stale change is explained once, above every part of the page, with the way to reload.
      if (!isStaleProduct(error)) setOutcome({ refused: messageForError(error) });
      return false;
    }
  };
  return { outcome, run };
}

function OutcomeMessage({ outcome }: { outcome: Outcome }) {
  return (
    <>
      {outcome && 'refused' in outcome ? <Alert>{outcome.refused}</Alert> : null}
      <p role="status" className="text-sm">
        {outcome && 'done' in outcome ? outcome.done : ''}
      </p>
    </>
  );
}

function wholeCount(text: string): number | null {
  const value = Number(text.trim());
  return /^\d{1,9}$/.test(text.trim()) && value <= PRODUCT_MAX_STOCK ? value : null;
}

const STOCK_HINT = `A whole number from 0 to ${PRODUCT_MAX_STOCK}`;

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
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="stock-heading"
      className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-4"
    >
      <h2 id="stock-heading" className="text-xl font-semibold">
        Stock
      </h2>
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
    </form>
  );
}

function VariantRow({
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
  const [price, setPrice] = useState(textFromMinor(variant.price.amountMinor, variant.price.currency));
  const [stock, setStock] = useState(String(variant.stock));
  const [confirming, setConfirming] = useState(false);
  const { outcome, run } = useOutcome();
  const removeRef = useRef<HTMLButtonElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  // Focus goes to the question's safe answer when it is asked, and back to the button when it is answered.
  useEffect(() => {
    if (confirming) keepRef.current?.focus();
    else if (asked.current) removeRef.current?.focus();
    asked.current = confirming;
  }, [confirming]);
  const priceMinor = minorFromText(price, DEFAULT_CURRENCY);
  const count = wholeCount(stock);
  return (
    <tr className="align-top">
      <th scope="row" className="p-3 text-left font-semibold">
        {variant.label}
        {variant.ordered ? (
          <p className="font-normal text-muted">Ordered before: kept with its orders</p>
        ) : null}
      </th>
      <td className="p-3">
        <div className="flex flex-wrap items-end gap-2">
          <TextField
            label={`Price of ${variant.label} (${DEFAULT_CURRENCY})`}
            value={price}
            onChange={(event) => setPrice(event.target.value)}
            inputMode="decimal"
            autoComplete="off"
            error={priceMinor === null ? 'Please enter a price such as 12.50' : undefined}
            className="w-36"
          />
          <Button
            variant="secondary"
            disabled={priceMinor === null}
            onClick={() =>
              priceMinor !== null &&
              void run(
                () =>
                  change({
                    kind: 'save_variant',
                    input: { version: product.version, path: variant.path, priceMinor, stock: 0 },
                  }),
                `Price of ${variant.label} saved.`,
              )
            }
          >
            Save price
          </Button>
        </div>
      </td>
      <td className="p-3">
        <div className="flex flex-wrap items-end gap-2">
          <TextField
            label={`Stock of ${variant.label}`}
            value={stock}
            onChange={(event) => setStock(event.target.value)}
            inputMode="numeric"
            autoComplete="off"
            error={count === null ? STOCK_HINT : undefined}
            className="w-28"
          />
          <Button
            variant="secondary"
            disabled={count === null}
            onClick={() =>
              count !== null &&
              void run(
                () => change({ kind: 'set_stock', input: { path: variant.path, stock: count } }),
                `Stock of ${variant.label} set to ${count}.`,
              )
            }
          >
            Set stock
          </Button>
        </div>
        <OutcomeMessage outcome={outcome} />
      </td>
      <td className="p-3">
        {variant.ordered ? null : confirming ? (
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
      </td>
    </tr>
  );
}

/**
 * A new kind of choice (Size) with its first options, while the product has no variants: every variant
 * picks one option of each kind, so kinds are fixed once variants exist.
 */
function AddKindForm({ product, change }: { product: AdminProduct; change: Change }) {
  const [name, setName] = useState('');
  const [options, setOptions] = useState('');
  const [invalid, setInvalid] = useState(false);
  const { outcome, run } = useOutcome();
  const listed = options
    .split(',')
    .map((option) => option.trim())
    .filter((option) => option !== '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setInvalid(name.trim() === '' || listed.length === 0);
    if (name.trim() === '' || listed.length === 0) return;
    const variants = [...product.variants, { name: name.trim(), options: listed }];
    void run(
      () => change({ kind: 'update', input: { version: product.version, variants } }),
      `${name.trim()} added: now add a variant for each combination on sale.`,
    ).then((added) => {
      if (added) {
        setName('');
        setOptions('');
      }
    });
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Add a kind of choice"
      className="flex flex-wrap items-end gap-3"
    >
      <TextField
        label="Kind of choice, e.g. Size"
        value={name}
        onChange={(event) => setName(event.target.value)}
        maxLength={50}
        autoComplete="off"
        error={invalid && name.trim() === '' ? 'Please name the kind of choice' : undefined}
      />
      <TextField
        label="Its options, separated by commas"
        value={options}
        onChange={(event) => setOptions(event.target.value)}
        autoComplete="off"
        error={invalid && listed.length === 0 ? 'Please give at least one option' : undefined}
      />
      <Button type="submit" variant="secondary">
        Add kind of choice
      </Button>
      <div className="basis-full">
        <OutcomeMessage outcome={outcome} />
      </div>
    </form>
  );
}

/** A new option for one kind of choice (a new size), then a variant that uses it. */
function AddOptionForm({ product, change }: { product: AdminProduct; change: Change }) {
  const [kind, setKind] = useState('0');
  const [option, setOption] = useState('');
  const { outcome, run } = useOutcome();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const index = Number(kind);
    const name = option.trim();
    if (!name) return;
    const variants = product.variants.map((variant, position) =>
      position === index ? { ...variant, options: [...variant.options, name] } : variant,
    );
    void run(
      () => change({ kind: 'update', input: { version: product.version, variants } }),
      `Option ${name} added.`,
    ).then((added) => added && setOption(''));
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Add an option" className="flex flex-wrap items-end gap-3">
      <SelectField
        label="Kind of choice"
        value={kind}
        onChange={(event) => setKind(event.target.value)}
        options={product.variants.map((variant, index) => ({ value: String(index), label: variant.name }))}
      />
      <TextField
        label="New option"
        value={option}
        onChange={(event) => setOption(event.target.value)}
        maxLength={50}
        autoComplete="off"
      />
      <Button type="submit" variant="secondary">
        Add option
      </Button>
      <div className="basis-full">
        <OutcomeMessage outcome={outcome} />
      </div>
    </form>
  );
}

/** A variant for a combination of options that has none yet. */
function AddVariantForm({ product, change }: { product: AdminProduct; change: Change }) {
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
    <section
      aria-labelledby="variants-heading"
      className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-4"
    >
      <h2 id="variants-heading" ref={headingRef} tabIndex={-1} className="text-xl font-semibold">
        Variants
      </h2>
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
        <DataTable
          caption={`${product.variantRows.length} variants of ${product.name}`}
          columns={[{ label: 'Variant' }, { label: 'Price' }, { label: 'Stock' }, { label: 'Remove' }]}
        >
          {product.variantRows.map((variant) => (
            <VariantRow
              key={variant.path}
              product={product}
              variant={variant}
              change={change}
              onRemoved={onRemoved}
            />
          ))}
        </DataTable>
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
    </section>
  );
}
