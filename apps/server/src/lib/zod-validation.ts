import { appErrorFromZodIssues } from '@crossbuy/core/errors';
import type { FastifySchemaCompiler } from 'fastify';
import type { ZodType } from 'zod';

/**
 * Validates requests with the core Zod schemas and turns the first issue into the catalogue error
 * (a field's own code, `general/missing_argument` with the field name, or `general/argument_error`).
 * `reportInput` keeps the offending value on each issue so "missing" can be told apart from "wrong".
 */
export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    return result.success ? { value: result.data } : { error: appErrorFromZodIssues(result.error.issues) };
  };
