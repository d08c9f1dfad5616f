import {
  PRODUCT_CSV_MAX_CHARACTERS,
  PRODUCT_CSV_MAX_LINES,
  type ProductChange,
  type ProductImportPlanEntry,
  type ProductImportResult,
} from '@crossbuy/core/catalogue';
import { type ChangeEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { CsvFileField, ImportRefusal } from '../../../components/ui/csv-import';
import { DownloadLink } from '../../../components/ui/download-link';
import { readCsvFile } from '../../../lib/csv-file';
import { useApplyProductImport, usePreviewProductImport } from '../api/product-import-api';

const FIELD_WORDS: Record<ProductChange['field'], string> = {
  name: 'Name',
  category: 'Category',
  merchant: 'Merchant',
  enabled: 'On sale',
  options: 'Options',
  variant: 'New variant',
  price: 'Price',
  region_price: 'Own price',
  stock: 'Stock',
};

/** One change as a sentence: 'Price of Colour: Black, Size: L: S$17.00 → S$18.25'. */
export function changeSentence(change: ProductChange): string {
  if (change.field === 'variant') return `New variant ${change.variant ?? ''}`.trim();
  const subject = [
    change.field === 'region_price' ? `Own price in ${change.region}` : FIELD_WORDS[change.field],
    change.variant ? `of ${change.variant}` : '',
  ]
    .filter(Boolean)
    .join(' ');
  if (change.before === null) return `${subject}: ${change.after ?? 'none'}`;
  if (change.after === null) return `${subject}: ${change.before} removed`;
  return `${subject}: ${change.before} → ${change.after}`;
}

function countOf(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function planSummary(products: readonly ProductImportPlanEntry[]): string {
  const created = products.filter((product) => product.action === 'create').length;
  const updated = products.filter((product) => product.action === 'update').length;
  const unchanged = products.length - created - updated;
  if (created + updated === 0) return 'The file matches the catalogue: applying it would change nothing.';
  return `The file adds ${countOf(created, 'product', 'products')} and changes ${countOf(updated, 'product', 'products')}; ${countOf(unchanged, 'product stays', 'products stay')} as they are.`;
}

function appliedSummary(result: ProductImportResult): string {
  return `Imported: ${countOf(result.created, 'product', 'products')} added, ${countOf(result.updated, 'product', 'products')} changed.`;
}

/**
 * Products from a CSV file, in two steps: the server checks every line and shows what the file would
 * change (or every wrong line, by number); the operator applies exactly that, or nothing happens.
 */
export function ProductImport() {
  const preview = usePreviewProductImport();
  const apply = useApplyProductImport();
  const [csv, setCsv] = useState('');
  const [fileError, setFileError] = useState<string>();
  const [applied, setApplied] = useState<ProductImportResult>();
  const fileInput = useRef<HTMLInputElement>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const fileId = useId();
  const failure = preview.error ?? apply.error;
  const changed = preview.data?.products.filter((product) => product.action !== 'unchanged') ?? [];

  // The result's heading takes focus once it is drawn, so what the server answered is read next.
  const shown = preview.data ?? failure ?? applied;
  useEffect(() => {
    if (shown) resultHeading.current?.focus();
  }, [shown]);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setFileError(undefined);
    setApplied(undefined);
    preview.reset();
    apply.reset();
    setCsv('');
    if (!file) return;
    const reading = await readCsvFile(file, PRODUCT_CSV_MAX_CHARACTERS);
    if (reading.ok) setCsv(reading.text);
    else setFileError(reading.error);
  };

  const onPreview = async (event: FormEvent) => {
    event.preventDefault();
    apply.reset();
    setApplied(undefined);
    if (csv === '') {
      setFileError('Choose a CSV file first');
      fileInput.current?.focus();
      return;
    }
    try {
      await preview.mutateAsync(csv);
    } catch {
      // A refused file is shown below, from the mutation's error, with each wrong line.
    }
  };

  const onApply = async () => {
    if (!preview.data) return;
    try {
      setApplied(await apply.mutateAsync({ csv, fingerprint: preview.data.fingerprint }));
      preview.reset();
      setCsv('');
      if (fileInput.current) fileInput.current.value = '';
    } catch {
      // Shown below, from the mutation's error: nothing was imported.
    }
  };

  return (
    <section
      className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-10"
      aria-labelledby="import-heading"
    >
      <div className="flex flex-col gap-2">
        <p className="text-sm">
          <Link to="/admin/products" className="underline">
            Catalogue
          </Link>
        </p>
        <h1 id="import-heading" className="text-3xl font-bold tracking-tight">
          Import products
        </h1>
        <p className="max-w-2xl text-sm text-muted">
          Export the products, change them in a spreadsheet, and import the file here. A line whose product
          key is new adds that product. You see every change before it is made, and every line must be right
          or nothing is imported. At most {PRODUCT_CSV_MAX_LINES.toLocaleString('en-GB')} lines at a time.
        </p>
        <div>
          <DownloadLink href="/api/admin/products/export">Export products (CSV)</DownloadLink>
        </div>
      </div>

      <form onSubmit={onPreview} noValidate className="flex flex-col gap-4">
        <CsvFileField id={fileId} inputRef={fileInput} onChange={onFile} error={fileError} />
        <Button type="submit" className="self-start" disabled={preview.isPending}>
          {preview.isPending ? 'Checking the file…' : 'Preview the changes'}
        </Button>
      </form>

      {failure ? <ImportRefusal error={failure} headingLevel={2} headingRef={resultHeading} /> : null}

      {preview.data ? (
        <div className="flex flex-col gap-4">
          <h2 ref={resultHeading} tabIndex={-1} className="text-xl font-semibold">
            What the file changes
          </h2>
          <p>{planSummary(preview.data.products)}</p>
          {changed.length > 0 ? (
            <>
              <ul aria-label="Changes" className="flex flex-col gap-3">
                {changed.map((product) => (
                  <li key={product.key} className="rounded-lg border border-line p-3">
                    <p className="font-semibold">
                      {product.name}{' '}
                      <span className="font-normal text-muted">
                        ({product.action === 'create' ? 'new product' : product.key}, from line {product.line}
                        )
                      </span>
                    </p>
                    <ul className="mt-1 list-disc pl-5 text-sm">
                      {product.changes.map((change) => (
                        <li key={changeSentence(change)}>{changeSentence(change)}</li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
              <Button type="button" className="self-start" onClick={onApply} disabled={apply.isPending}>
                {apply.isPending ? 'Applying…' : 'Apply these changes'}
              </Button>
            </>
          ) : null}
        </div>
      ) : null}

      {applied ? (
        <div className="flex flex-col gap-2">
          <h2 ref={resultHeading} tabIndex={-1} className="text-xl font-semibold">
            Import complete
          </h2>
          <p role="status">{appliedSummary(applied)}</p>
          <ul aria-label="Imported products" className="flex flex-col gap-1 text-sm">
            {applied.products
              .filter((product) => product.action !== 'unchanged')
              .map((product) => (
                <li key={product.id}>
                  <Link to={`/admin/products/${product.id}`} className="underline">
                    {product.name}
                  </Link>
                </li>
              ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
