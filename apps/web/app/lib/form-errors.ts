import { formatErrorMessage, isErrorCode } from '@crossbuy/core/errors';

/** Schemas carry catalogue codes as issue messages; a form shows the catalogue wording. */
export function fieldErrorMessage(error: { message?: string | undefined } | undefined): string | undefined {
  const message = error?.message;
  if (!message) return undefined;
  return isErrorCode(message) ? formatErrorMessage(message) : message;
}
