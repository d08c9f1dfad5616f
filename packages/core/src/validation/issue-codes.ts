import { z } from 'zod';
import type { ErrorCode } from '../errors/index.js';

// An absent value reports general/missing_argument, so the server can name the missing field; a value that
// is present but wrong reports the field's own catalogue code.
export function fails(code: ErrorCode) {
  return {
    error: (issue: z.core.$ZodRawIssue): ErrorCode =>
      issue.input === undefined ? 'general/missing_argument' : code,
  };
}

/**
 * Text a form must fill in: trimmed, not blank, and no longer than `maxLength` when there is a limit. One
 * field's code names every way it can be wrong, so a form shows one message whatever the mistake.
 */
export function requiredText(code: ErrorCode, maxLength?: number) {
  const text = z.string(fails(code)).trim().min(1, fails(code));
  return maxLength === undefined ? text : text.max(maxLength, fails(code));
}

/**
 * For the `when` of a refinement that reads several fields of an object. Zod runs such a refinement even
 * after other checks failed, so it would otherwise meet `null`, an array or a string sent instead of the
 * object, or a field that has the wrong type. It runs only on an object whose `fields` have no issue.
 */
export function whenFieldsValid(fields: readonly string[]) {
  return {
    when: (payload: z.core.ParsePayload): boolean =>
      typeof payload.value === 'object' &&
      payload.value !== null &&
      !Array.isArray(payload.value) &&
      !payload.issues.some((issue) => {
        const field = issue.path?.[0];
        return field === undefined || fields.includes(String(field));
      }),
  };
}
