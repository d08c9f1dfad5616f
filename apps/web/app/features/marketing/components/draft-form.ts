import { fromStoreWallClock, toStoreWallClock } from '@crossbuy/core/dates';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

type FieldError = { type: string; message: string };

/**
 * Checks a form's text values with a core schema: `toInput` reads them into the wire shape (amounts in
 * minor units, empty limits as none), and each issue is shown on the field its path starts with, so a
 * refused `amountOff.currency` reads on the amount field. In the lists named by `rowFields` an issue of
 * one row's part is shown on that row's own field (a refused link beside its picture), unless the list
 * itself is refused (too few or too many rows).
 */
export function draftResolver<Values extends FieldValues, Schema extends z.ZodType>(
  schema: Schema,
  toInput: (values: Values) => unknown,
  rowFields: readonly string[] = [],
): Resolver<Values, unknown, z.output<Schema>> {
  return async (values) => {
    const result = schema.safeParse(toInput(values));
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, unknown> = {};
    const rowErrors: Record<string, Record<number, Record<string, FieldError>>> = {};
    for (const issue of result.error.issues) {
      const [field, index, part] = issue.path;
      const error: FieldError = { type: 'validation', message: issue.message };
      if (rowFields.includes(String(field)) && typeof index === 'number' && typeof part === 'string') {
        const rows = rowErrors[String(field)] ?? {};
        const row = rows[index] ?? {};
        row[part] ??= error;
        rows[index] = row;
        rowErrors[String(field)] = rows;
      } else {
        errors[String(field ?? '')] ??= error;
      }
    }
    for (const [field, rows] of Object.entries(rowErrors)) errors[field] ??= Object.assign([], rows);
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

/** A scheduled item's window as its form's fields show it; a new item's is open at both edges. */
export function scheduleToFields(item: { startsAt: string | null; endsAt: string | null } | null) {
  return { startsAt: toDateTimeField(item?.startsAt ?? null), endsAt: toDateTimeField(item?.endsAt ?? null) };
}

/** The window's fields read back into the wire shape. */
export function scheduleFromFields(values: { startsAt: string; endsAt: string }) {
  return { startsAt: fromDateTimeField(values.startsAt), endsAt: fromDateTimeField(values.endsAt) };
}

/** A position field's text as a number; empty is the first place, and other text is left for the schema. */
function positionFromField(text: string): number {
  return text.trim() === '' ? 0 : Number(text.trim());
}

/** Where a new item of an ordered list goes: after the last, at the first free position. */
function positionAfterLast(items: readonly { position: number }[]): number {
  return items.reduce((highest, item) => Math.max(highest, item.position + 1), 0);
}

type Placed = { position: number; startsAt: string | null; endsAt: string | null };
type PlaceFieldValues = { position: string; startsAt: string; endsAt: string };

/**
 * The place and window of content in the home page's order (banners, home groups) as their form shows
 * them: both kinds are placed and scheduled alike, and a new item goes after the last.
 */
export function placeToFields(item: Placed | null, items: readonly { position: number }[]): PlaceFieldValues {
  return { position: String(item?.position ?? positionAfterLast(items)), ...scheduleToFields(item) };
}

/** The place and window's fields read back into the wire shape. */
export function placeFromFields(values: PlaceFieldValues) {
  return { position: positionFromField(values.position), ...scheduleFromFields(values) };
}

/** The server's refusals of a place or window, and the field each is shown on. */
export const PLACE_FIELDS_BY_CODE = {
  'content/invalid_position': 'position',
  'content/invalid_window': 'endsAt',
} as const;
