import type { AdminProduct, Region } from '@crossbuy/core/catalogue';
import { messageForError } from '@crossbuy/core/errors';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, textLinkClasses } from '../../../components/ui/button';
import { Loading } from '../../../components/ui/loading';
import { LoadFailure, PageError, PageLoading } from '../../../components/ui/page-states';
import { FormPanel, Panel } from '../../../components/ui/panel';
import { TextField } from '../../../components/ui/text-field';
import {
  isStaleProduct,
  type ProductChange,
  useAdminProduct,
  useCatalogueChoices,
  useChangeProduct,
} from '../api/product-admin-api';
import { minorFromText, ProductDetailsForm, textFromMinor } from './product-admin-form';
import { ProductStockForm, ProductVariants } from './product-admin-variants';
import { ProductImages } from './product-images';

type Change = (change: ProductChange) => Promise<AdminProduct>;

/** On sale or disabled; disabling asks first, since shoppers lose the product at once. */
function SaleState({ product, change }: { product: AdminProduct; change: Change }) {
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const [pending, setPending] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  // Focus goes to the question's safe answer when it is asked, and back to the button when it is answered.
  useEffect(() => {
    if (confirming) keepRef.current?.focus();
    else if (asked.current) toggleRef.current?.focus();
    asked.current = confirming;
  }, [confirming]);
  const setEnabled = async (enabled: boolean) => {
    setRefusal(undefined);
    setPending(true);
    try {
      await change({ kind: 'update', input: { version: product.version, enabled } });
      setConfirming(false);
    } catch (error) {
      if (!isStaleProduct(error)) setRefusal(messageForError(error));
    } finally {
      setPending(false);
    }
  };
  return (
    <Panel headingId="sale-heading" title="On sale" titleSize="xl">
      <p role="status">
        {product.enabled
          ? 'Shoppers can find and buy this product.'
          : 'Disabled: shoppers cannot find or buy this product; its page says it is no longer available.'}
      </p>
      {product.enabled ? (
        confirming ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="font-semibold">
              Disable {product.name}? It leaves search and listings, and carts can no longer check it out.
            </legend>
            <div className="flex flex-wrap gap-3">
              <Button variant="danger" disabled={pending} onClick={() => void setEnabled(false)}>
                Disable the product
              </Button>
              <Button
                ref={keepRef}
                variant="secondary"
                disabled={pending}
                onClick={() => setConfirming(false)}
              >
                Keep it on sale
              </Button>
            </div>
          </fieldset>
        ) : (
          <Button
            ref={toggleRef}
            variant="secondary"
            className="self-start"
            onClick={() => setConfirming(true)}
          >
            Disable…
          </Button>
        )
      ) : (
        <Button
          ref={toggleRef}
          className="self-start"
          disabled={pending}
          onClick={() => void setEnabled(true)}
        >
          Put on sale
        </Button>
      )}
      {refusal ? <Alert>{refusal}</Alert> : null}
    </Panel>
  );
}

/** A region's own price for the product and each variant; an empty field means "convert the base price". */
function RegionPrices({
  product,
  change,
  regions,
}: {
  product: AdminProduct;
  change: Change;
  regions: Region[];
}) {
  const rows = [
    { path: '', label: 'The product' },
    ...product.variantRows.map((row) => ({ path: row.path, label: row.label })),
  ];
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      product.regionPrices.map((price) => [
        `${price.countryCode} ${price.variantPath}`,
        textFromMinor(price.price.amountMinor, price.price.currency),
      ]),
    ),
  );
  const [outcome, setOutcome] = useState<{ done: string } | { refused: string } | null>(null);
  const invalid = (key: string, region: Region) => {
    const text = values[key]?.trim() ?? '';
    return text !== '' && minorFromText(text, region.currency) === null;
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setOutcome(null);
    const prices = regions.flatMap((region) =>
      rows.flatMap((row) => {
        const key = `${region.countryCode} ${row.path}`;
        const text = values[key]?.trim() ?? '';
        const amountMinor = text === '' ? null : minorFromText(text, region.currency);
        return amountMinor === null
          ? []
          : [{ countryCode: region.countryCode, variantPath: row.path, amountMinor }];
      }),
    );
    if (regions.some((region) => rows.some((row) => invalid(`${region.countryCode} ${row.path}`, region)))) {
      setOutcome({ refused: 'Please correct the prices marked below, or leave them empty.' });
      return;
    }
    try {
      await change({ kind: 'set_region_prices', input: { version: product.version, prices } });
      setOutcome({ done: 'Region prices saved.' });
    } catch (error) {
      if (!isStaleProduct(error)) setOutcome({ refused: messageForError(error) });
    }
  };
  return (
    <FormPanel
      headingId="region-prices-heading"
      title="Region prices"
      titleSize="xl"
      onSubmit={submit}
      noValidate
    >
      <p className="text-sm text-muted">
        A price set here is what shoppers of that region pay, in its currency. Left empty, the price is
        converted from the base price at the day's rate.
      </p>
      {outcome && 'refused' in outcome ? <Alert>{outcome.refused}</Alert> : null}
      {/* One group per row of prices, its regions wrapping onto as many lines as the width needs: a table
          of regions side by side had to scroll sideways, and hid its last regions on a narrow screen. */}
      {rows.map((row) => (
        <fieldset key={row.path} className="flex flex-col gap-2 border-t border-line pt-3">
          <legend className="font-semibold">{row.label}</legend>
          <div className="grid grid-cols-[repeat(auto-fill,minmax(9.5rem,1fr))] gap-3">
            {regions.map((region) => {
              const key = `${region.countryCode} ${row.path}`;
              return (
                <TextField
                  key={region.countryCode}
                  label={`${region.name} (${region.currency})`}
                  value={values[key] ?? ''}
                  onChange={(event) => setValues({ ...values, [key]: event.target.value })}
                  inputMode="decimal"
                  autoComplete="off"
                  error={invalid(key, region) ? 'Please enter a price such as 12.50' : undefined}
                />
              );
            })}
          </div>
        </fieldset>
      ))}
      <Button type="submit" className="self-start">
        Save region prices
      </Button>
      <p role="status" className="text-sm">
        {outcome && 'done' in outcome ? outcome.done : ''}
      </p>
    </FormPanel>
  );
}

/** One product for editing: its pictures, details, sale state, stock, variants and region prices. */
export function ProductAdminPage({ productId }: { productId: string }) {
  const query = useAdminProduct(productId);
  const { regions } = useCatalogueChoices();
  const mutation = useChangeProduct(productId);
  const [stale, setStale] = useState(false);
  const [loadedAt, setLoadedAt] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);

  if (query.isPending) return <PageLoading>Loading the product…</PageLoading>;
  if (query.isError)
    return <PageError error={query.error} backTo="/admin/products" backLabel="Back to the catalogue" />;
  const product = query.data;

  const change: Change = async (next) => {
    try {
      return await mutation.mutateAsync(next);
    } catch (error) {
      if (isStaleProduct(error)) setStale(true);
      throw error;
    }
  };
  // The forms start again from the product as it now stands; what was typed is dropped.
  const reload = async () => {
    await query.refetch();
    setStale(false);
    setLoadedAt((count) => count + 1);
    headingRef.current?.focus();
  };

  return (
    <section
      className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-10"
      aria-labelledby="product-heading"
    >
      <div className="flex flex-col gap-2">
        <Link to="/admin/products" className={textLinkClasses}>
          Back to the catalogue
        </Link>
        <h1
          id="product-heading"
          ref={headingRef}
          tabIndex={-1}
          className="text-3xl font-bold tracking-tight break-words"
        >
          {product.name}
        </h1>
        <p className="text-sm text-muted break-all">
          {product.merchant.name} · {product.paramName} ·{' '}
          <Link to={`/product/${product.paramName}`} className={textLinkClasses}>
            Open in the shop
          </Link>
        </p>
      </div>
      {stale ? (
        <Alert>
          <p>{messageForError({ error: { code: 'product/stale_version' } })}</p>
          <Button className="mt-3" onClick={() => void reload()}>
            Reload the product
          </Button>
        </Alert>
      ) : null}
      <ProductImages productId={product.id} />
      <div key={loadedAt} className="flex flex-col gap-6">
        <SaleState product={product} change={change} />
        <ProductDetailsForm product={product} change={change} />
        {product.variantRows.length === 0 ? <ProductStockForm product={product} change={change} /> : null}
        <ProductVariants product={product} change={change} />
        {regions.isPending ? (
          <Loading>Loading regions…</Loading>
        ) : regions.isError ? (
          <LoadFailure what="the regions" error={regions.error} onRetry={() => void regions.refetch()} />
        ) : (
          <RegionPrices product={product} change={change} regions={regions.data} />
        )}
      </div>
    </section>
  );
}
