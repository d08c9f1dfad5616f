/** One choice a shopper makes on a product page, e.g. `{ name: 'Size', options: ['S', 'M', 'L'] }`. */
export type ProductVariant = { name: string; options: string[] };

/**
 * A variant path names one combination of options: the chosen option index of each variant, in the
 * product's variant order, joined by '/'. A product without variants has the empty path ''.
 */
export function variantPathOf(optionIndexes: readonly number[]): string {
  return optionIndexes.join('/');
}

/** The option indexes of a path, or null when it is not a well-formed path (a '' path has none). */
export function parseVariantPath(path: string): number[] | null {
  if (path === '') return [];
  const segments = path.split('/');
  if (!segments.every((segment) => /^(0|[1-9]\d{0,3})$/.test(segment))) return null;
  return segments.map(Number);
}

/** Whether `path` picks exactly one existing option of each of the product's variants. */
export function isValidVariantPath(variants: readonly ProductVariant[], path: string): boolean {
  const indexes = parseVariantPath(path);
  if (indexes === null || indexes.length !== variants.length) return false;
  return indexes.every((index, position) => index < (variants[position]?.options.length ?? 0));
}

/**
 * The text shown for a chosen combination, e.g. 'Colour: Black, Size: M'. docs/rules/catalogue-and-regions.md: a label is
 * built only if the number of path segments equals the number of variants; otherwise there is none.
 */
export function variantLabel(variants: readonly ProductVariant[], path: string): string | null {
  const indexes = parseVariantPath(path);
  if (indexes === null || indexes.length === 0 || indexes.length !== variants.length) return null;
  const parts: string[] = [];
  for (const [position, index] of indexes.entries()) {
    const variant = variants[position];
    const option = variant?.options[index];
    if (variant === undefined || option === undefined) return null;
    parts.push(`${variant.name}: ${option}`);
  }
  return parts.join(', ');
}

/** Every combination of options, in path order ('0/0', '0/1', ...); [''] for a product without variants. */
export function allVariantPaths(variants: readonly ProductVariant[]): string[] {
  let paths: number[][] = [[]];
  for (const variant of variants) {
    paths = paths.flatMap((prefix) => variant.options.map((_, index) => [...prefix, index]));
  }
  return paths.map(variantPathOf);
}
