/**
 * The values of a constant naming wire codes (`{ pending: 'p', ... } as const`), in its order, as the
 * non-empty list `z.enum` takes: the schema is built from the constant, so the two cannot drift.
 */
export function codeValues<const Codes extends Record<string, string>>(
  codes: Codes,
): readonly [Codes[keyof Codes], ...Codes[keyof Codes][]] {
  return Object.values(codes) as unknown as readonly [Codes[keyof Codes], ...Codes[keyof Codes][]];
}
