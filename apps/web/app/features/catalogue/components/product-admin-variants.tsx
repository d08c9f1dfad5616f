import {
  type AdminProduct,
  type AdminVariant,
  isValidVariantPath,
  PRODUCT_MAX_STOCK,
  variantLabel,
  variantPathOf,
} from '@crossbuy/core/catalogue';
import { ApiError, messageForError } from '@crossbuy/core/errors';
import { DEFAULT_CURRENCY } from '@crossbuy/core/money';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
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

/** Remove an unordered variant, after asking; focus moves to the question's safe answer and back. */
function VariantRemoval({
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

/** What the operator typed in one row, and the stock the row showed when they began to change it. */
type RowEdit = { price?: string; stock?: string; stockSeen?: number };

const PRICE_HINT = 'Please enter a price such as 12.50';

/**
 * Every variant's price and stock in one table with one Save (docs/decisions/0070): all saved or none. A
 * wrong cell is named next to it before anything is sent. A stock someone (or an order) changed since it
 * was shown is named too, with the count it is now; saving again then sets the operator's count.
 */
function VariantTable({
  product,
  change,
  onRemoved,
}: {
  product: AdminProduct;
  change: Change;
  onRemoved: (label: string) => void;
}) {
  const [edits, setEdits] = useState<Record<string, RowEdit>>({});
  const [rowErrors, setRowErrors] = useState<Record<string, string>>({});
  const [showInvalid, setShowInvalid] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [saving, setSaving] = useState(false);
  const idPrefix = useId();
  const cellId = (index: number, field: 'price' | 'stock') => `${idPrefix}-${field}-${index}`;

  const rows = product.variantRows.map((variant) => {
    const edit = edits[variant.path] ?? {};
    const price = edit.price ?? textFromMinor(variant.price.amountMinor, variant.price.currency);
    const stock = edit.stock ?? String(variant.stock);
    return {
      variant,
      price,
      stock,
      stockSeen: edit.stockSeen ?? variant.stock,
      priceMinor: minorFromText(price, DEFAULT_CURRENCY),
      count: wholeCount(stock),
    };
  });
  const edit = (variant: AdminVariant, field: 'price' | 'stock', value: string) => {
    const current = edits[variant.path] ?? {};
    setEdits({
      ...edits,
      [variant.path]: {
        ...current,
        [field]: value,
        ...(field === 'stock' && current.stockSeen === undefined && { stockSeen: variant.stock }),
      },
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    setRowErrors({});
    const invalid = rows.filter((row) => row.priceMinor === null || row.count === null);
    if (invalid.length > 0) {
      setShowInvalid(true);
      setOutcome({
        refused:
          invalid.length === 1
            ? `Nothing was saved: please correct ${invalid[0]?.variant.label}, marked below.`
            : `Nothing was saved: please correct the ${invalid.length} variants marked below.`,
      });
      const first = rows.findIndex((row) => row.priceMinor === null || row.count === null);
      const field = rows[first]?.priceMinor === null ? 'price' : 'stock';
      document.getElementById(cellId(first, field))?.focus();
      return;
    }
    setShowInvalid(false);
    setSaving(true);
    try {
      await change({
        kind: 'save_variant_rows',
        input: {
          version: product.version,
          rows: rows.map((row) => ({
            path: row.variant.path,
            priceMinor: row.priceMinor ?? 0,
            stock: row.count ?? 0,
            stockSeen: row.stockSeen,
          })),
        },
      });
      setEdits({});
      setOutcome({ done: 'Prices and stock of the variants saved.' });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'product/stale_stock') {
        const [, now, path] = error.params;
        const row = rows.find((candidate) => candidate.variant.path === path);
        if (row && path !== undefined && now !== undefined) {
          // Saving again means "set my count over the one there is now": the row starts from it.
          setEdits({ ...edits, [path]: { ...edits[path], stockSeen: Number(now) } });
          setRowErrors({
            [path]: `The stock changed to ${now} after you opened the product. Save again to set ${row.stock}.`,
          });
        }
        setOutcome({ refused: `Nothing was saved. ${messageForError(error)}.` });
      } else if (!isStaleProduct(error)) {
        setOutcome({ refused: `Nothing was saved. ${messageForError(error)}` });
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Prices and stock of the variants"
      className="flex flex-col gap-3"
    >
      {outcome && 'refused' in outcome ? <Alert>{outcome.refused}</Alert> : null}
      <DataTable
        caption={`${product.variantRows.length} variants of ${product.name}: price and stock`}
        columns={[
          { label: 'Variant' },
          { label: `Price (${DEFAULT_CURRENCY})` },
          { label: 'Stock' },
          { label: 'Remove' },
        ]}
      >
        {rows.map(({ variant, price, stock, priceMinor, count }, index) => (
          <tr key={variant.path} className="align-top">
            <th scope="row" className="p-3 text-left font-semibold">
              {variant.label}
            </th>
            {/* Positioned, so the visually hidden label stays inside the table's scrolling frame. */}
            <td className="relative p-3">
              <TextField
                id={cellId(index, 'price')}
                label={`Price of ${variant.label} (${DEFAULT_CURRENCY})`}
                value={price}
                onChange={(event) => edit(variant, 'price', event.target.value)}
                inputMode="decimal"
                autoComplete="off"
                error={priceMinor === null && showInvalid ? PRICE_HINT : undefined}
                className="w-32 [&_label]:sr-only"
              />
            </td>
            <td className="relative p-3">
              <TextField
                id={cellId(index, 'stock')}
                label={`Stock of ${variant.label}`}
                value={stock}
                onChange={(event) => edit(variant, 'stock', event.target.value)}
                inputMode="numeric"
                autoComplete="off"
                error={count === null && showInvalid ? STOCK_HINT : (rowErrors[variant.path] ?? undefined)}
                className="w-40 [&_label]:sr-only"
              />
            </td>
            <td className="p-3">
              <VariantRemoval product={product} variant={variant} change={change} onRemoved={onRemoved} />
            </td>
          </tr>
        ))}
      </DataTable>
      <Button type="submit" className="self-start" disabled={saving}>
        {saving ? 'Saving…' : 'Save prices and stock'}
      </Button>
      <p role="status" className="text-sm">
        {outcome && 'done' in outcome ? outcome.done : ''}
      </p>
    </form>
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
    </section>
  );
}
