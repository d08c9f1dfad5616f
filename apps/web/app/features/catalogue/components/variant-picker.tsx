import {
  allVariantPaths,
  isInStock,
  type ProductVariant,
  parseVariantPath,
  type StockedProduct,
  variantLabel,
  variantPathOf,
} from '@crossbuy/core/catalogue';
import { useId } from 'react';

/** The option index chosen for each variant, in the product's variant order; null where none is yet. */
export type VariantChoice = readonly (number | null)[];

/** A choice with nothing picked, except variants that have a single option, which are picked already. */
export function initialChoice(variants: readonly ProductVariant[]): VariantChoice {
  return variants.map((variant) => (variant.options.length === 1 ? 0 : null));
}

/** The variant path of a complete choice; null while some variant has no option chosen. */
export function choicePath(choice: VariantChoice): string | null {
  if (choice.some((index) => index === null)) return null;
  return variantPathOf(choice as number[]);
}

type PickableProduct = StockedProduct & { variants: ProductVariant[] };

/**
 * Whether choosing `optionIndex` for the variant at `position` can still lead to something in stock,
 * given the options already chosen for the other variants.
 */
function isOptionAvailable(
  product: PickableProduct,
  choice: VariantChoice,
  position: number,
  optionIndex: number,
): boolean {
  return allVariantPaths(product.variants).some((path) => {
    const indexes = parseVariantPath(path) ?? [];
    const fits = indexes.every((index, at) =>
      at === position ? index === optionIndex : choice[at] === null || choice[at] === index,
    );
    return fits && isInStock(product, path, 1);
  });
}

type VariantPickerProps = {
  product: PickableProduct;
  choice: VariantChoice;
  onChange: (choice: VariantChoice) => void;
};

/**
 * One radio group per variant. Options that cannot be had in stock with the other choices are marked
 * but stay selectable, so the shopper can still see what exists. The combined label appears only once
 * every variant has an option (core's rule, docs/rules/catalogue-and-regions.md).
 */
export function VariantPicker({ product, choice, onChange }: VariantPickerProps) {
  const id = useId();
  const path = choicePath(choice);
  const label = path === null ? null : variantLabel(product.variants, path);

  return (
    <div className="flex flex-col gap-4">
      {product.variants.map((variant, position) => {
        const groupLabelId = `${id}-${position}`;
        const chosen = choice[position];
        return (
          <div
            key={variant.name}
            role="radiogroup"
            aria-labelledby={groupLabelId}
            className="flex flex-col gap-2"
          >
            <p id={groupLabelId} className="text-sm font-semibold">
              {variant.name}
            </p>
            <div className="flex flex-wrap gap-2">
              {variant.options.map((option, optionIndex) => {
                const available = isOptionAvailable(product, choice, position, optionIndex);
                return (
                  <label
                    key={option}
                    className={`relative inline-flex min-h-11 cursor-pointer items-center rounded-lg border px-3 text-sm has-checked:border-brand-700 has-checked:bg-brand-700 has-checked:text-white ${
                      available ? 'border-line bg-white' : 'border-dashed border-line bg-surface text-muted'
                    }`}
                  >
                    <input
                      type="radio"
                      className="absolute inset-0 cursor-pointer appearance-none rounded-lg"
                      name={groupLabelId}
                      value={optionIndex}
                      checked={chosen === optionIndex}
                      onChange={() =>
                        onChange(choice.map((index, at) => (at === position ? optionIndex : index)))
                      }
                    />
                    <span className={available ? undefined : 'line-through'}>{option}</span>
                    {available ? null : <span className="ms-1 text-xs">(sold out)</span>}
                  </label>
                );
              })}
            </div>
          </div>
        );
      })}
      <p className="min-h-5 text-sm" aria-live="polite" data-testid="variant-label">
        {label ?? ''}
      </p>
    </div>
  );
}
