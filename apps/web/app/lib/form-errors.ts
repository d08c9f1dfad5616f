import { ApiError, isErrorCode, limitError, messageForError } from '@crossbuy/core/errors';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { SlotError } from './error-slots';

/**
 * Schemas carry catalogue codes as issue messages; a form shows the catalogue wording. A value the schema
 * reports missing reads `missingMessage` ("Please enter your email") when the field gives one: the
 * catalogue's "Missing argument" is written for the API, which names the field in a parameter.
 */
export function fieldErrorMessage(
  error: { message?: string | undefined } | undefined,
  missingMessage?: string,
): string | undefined {
  const message = error?.message;
  if (!message) return undefined;
  if (message === 'general/missing_argument' && missingMessage) return missingMessage;
  // A code whose sentence quotes a fixed limit ("1 to 90 days") gets it, as the server's answer would.
  return isErrorCode(message) ? limitError(message).message : message;
}

/** Which field each server code concerns; codes not listed are shown for the whole form. */
export type FieldsByCode<T extends FieldValues> = Readonly<Partial<Record<string, Path<T>>>>;

/**
 * Shows a refused submission where it belongs: on the field its code concerns (focused, so the
 * shopper lands on it), or as the form's own message, which is returned.
 */
export function showServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: FieldsByCode<T>,
): string | undefined {
  const code = error instanceof ApiError ? error.code : undefined;
  const field = code === undefined ? undefined : fields[code];
  const message = messageForError(error);
  if (field === undefined) return message;
  setError(field, { type: 'server', message }, { shouldFocus: true });
  return undefined;
}

/** For forms whose failures live in an error slot: the slot's message unless a field shows it. */
export function formLevelMessage<T extends FieldValues>(
  failure: SlotError | null,
  fields: FieldsByCode<T>,
): string | undefined {
  if (!failure) return undefined;
  return failure.code !== undefined && fields[failure.code] !== undefined ? undefined : failure.message;
}
