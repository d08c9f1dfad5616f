import { fromStoreWallClock, toStoreWallClock } from '@crossbuy/core/dates';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * Checks a form's text values with a core schema: `toInput` reads them into the wire shape (amounts in
 * minor units, empty limits as none), and each issue is shown on the field its path starts with, so a
 * refused `amountOff.currency` reads on the amount field.
 */
export function draftResolver<Values extends FieldValues, Schema extends z.ZodType>(
  schema: Schema,
  toInput: (values: Values) => unknown,
): Resolver<Values, unknown, z.output<Schema>> {
  return async (values) => {
    const result = schema.safeParse(toInput(values));
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const field = String(issue.path[0] ?? '');
      errors[field] ??= { type: 'validation', message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<Values> };
  };
}

/** An instant as a `datetime-local` field shows it: the store's time, to the minute. */
export function toDateTimeField(iso: string | null): string {
  return iso ? toStoreWallClock(iso) : '';
}

/**
 * A `datetime-local` value (the store's time) as an instant; empty is none, and text that is no time is
 * left for the schema to refuse.
 */
export function fromDateTimeField(text: string): string | null {
  if (text.trim() === '') return null;
  return fromStoreWallClock(text)?.toISOString() ?? text;
}
