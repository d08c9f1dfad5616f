import type { AdminProduct, AdminVariant } from '@crossbuy/core/catalogue';
import { ApiError, messageForError } from '@crossbuy/core/errors';
import { DEFAULT_CURRENCY } from '@crossbuy/core/money';
import { type FormEvent, useId, useState } from 'react';
import { isStaleProduct } from '../api/product-admin-api';
import { minorFromText, textFromMinor } from '../components/product-admin-form';
import { type Change, type Outcome, wholeCount } from '../components/variant-outcome';

/** What the operator typed in one row, and the stock the row showed when they began to change it. */
type RowEdit = { price?: string; stock?: string; stockSeen?: number };

/**
 * The variant table's rows as typed and their one Save (docs/features/catalogue-editing.md): all saved or none. A wrong
 * cell is named, and focused, before anything is sent. A stock someone (or an order) changed since it was
 * shown is named too, with the count it is now; saving again then sets the operator's count.
 */
export function useVariantRows(product: AdminProduct, change: Change) {
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

  return { rows, edit, submit, cellId, rowErrors, showInvalid, outcome, saving };
}
