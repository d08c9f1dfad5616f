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

export function requiredText(code: ErrorCode) {
  return z.string(fails(code)).trim().min(1, fails(code));
}
