import type { AdminProduct } from '@crossbuy/core/catalogue';
import { DEFAULT_CURRENCY } from '@crossbuy/core/money';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { TextField } from '../../../components/ui/text-field';
import { useVariantRows } from '../hooks/use-variant-rows';
import { type Change, PRICE_HINT, STOCK_HINT } from './variant-outcome';
import { VariantRemoval } from './variant-removal';

/**
 * Every variant's price and stock in one table with one Save, each row with its removal. What is wrong with
 * a cell is said next to it (useVariantRows), and what the Save did above and below the table.
 */
export function VariantTable({
  product,
  change,
  onRemoved,
}: {
  product: AdminProduct;
  change: Change;
  onRemoved: (label: string) => void;
}) {
  const { rows, edit, submit, cellId, rowErrors, showInvalid, outcome, saving } = useVariantRows(
    product,
    change,
  );

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
