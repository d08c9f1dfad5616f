import { AppError, appErrorFromZodIssues } from '@crossbuy/core/errors';
import type { FastifySchemaCompiler } from 'fastify';
import type { ZodType } from 'zod';

// Control characters other than tab, line feed and carriage return, and unpaired UTF-16 surrogates. PostgreSQL
// refuses U+0000 in text and would store a lone surrogate as U+FFFD; the rest have no place in anything a
// shopper types and only hide text from the people who read it (docs/decisions/0011).
const REFUSED_CHARACTER = /[^\P{Cc}\t\n\r]|\p{Cs}/u;

/**
 * The path ('' for the value itself) of the first string or object key in `value` holding a refused
 * character, or undefined. Iterative, so a deeply nested body cannot exhaust the stack.
 */
export function pathOfRefusedCharacter(value: unknown): string | undefined {
  const pending: [unknown, string][] = [[value, '']];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === 'string') {
      if (REFUSED_CHARACTER.test(item)) return path;
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item)) {
        const childPath = path === '' ? key : `${path}.${key}`;
        if (REFUSED_CHARACTER.test(key)) return childPath;
        pending.push([child, childPath]);
      }
    }
  }
  return undefined;
}

/**
 * Validates requests with the core Zod schemas and turns the first issue into the catalogue error
 * (a field's own code, `general/missing_argument` with the field name, or `general/argument_error`).
 * `reportInput` keeps the offending value on each issue so "missing" can be told apart from "wrong".
 *
 * Before the schema, every string of the body, query and path parameters is searched for refused control
 * characters, so no route's input reaches a service or the database with one. A schema that throws met an
 * input it did not foresee: the client gets 400, and the error handler logs the cause as a bug.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const refusedAt = pathOfRefusedCharacter(data);
    if (refusedAt !== undefined) {
      return { error: new AppError('general/argument_error', [refusedAt || (httpPart ?? '')]) };
    }
    try {
      const result = schema.safeParse(data, { reportInput: true });
      return result.success ? { value: result.data } : { error: appErrorFromZodIssues(result.error.issues) };
    } catch (thrown) {
      return { error: new AppError('general/argument_error', [], undefined, { cause: thrown }) };
    }
  };
