import type { z } from 'zod';

/**
 * The HTTP contract, declared once: each call's method, path and schemas live here, in core, beside the
 * rules they carry. The server registers its Fastify routes from a call (apps/server/src/lib/contract-routes.ts)
 * and the web calls it through one typed client (apps/web/app/lib/contract-client.ts), whose types come from
 * the same schemas through `PathsOf` below (docs/decisions/0085).
 */

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A schema, or null for an answer without a body (204). */
type Schema = z.ZodType;

export type Call = {
  method: HttpMethod;
  /**
   * The path below `/api`, as the web calls it (`/admin/users/{id}/blacklist` for the back office), with
   * `{name}` for path parameters.
   */
  path: string;
  /** The OpenAPI tag the call is listed under. */
  tag: string;
  /** One line saying what the call does, as a person would put it. */
  summary: string;
  /** What a caller must know beyond the summary: the refusals, the limits. */
  description?: string;
  params?: Schema;
  query?: Schema;
  body?: Schema;
  /** The answers by status; every call has at least its answer on success. */
  responses: { readonly [status: number]: Schema | null };
};

/** Declares a call, keeping every literal (method, path, statuses) for the types derived from it. */
export function defineCall<const C extends Call>(call: C): C {
  return call;
}

/** Where the API is mounted: every call's path is below it. */
export const API_BASE = '/api';

/** `/address/{id}/main` → `/address/:id/main`, the form Fastify's router reads. */
export function routerPath(path: string): string {
  return path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, ':$1');
}

type Json<S> = S extends Schema
  ? { headers: Record<string, unknown>; content: { 'application/json': z.output<S> } }
  : { headers: Record<string, unknown>; content?: never };

/** One call in the shape openapi-fetch reads: what openapi-typescript would generate from our OpenAPI. */
type Operation<C extends Call> = {
  parameters: (C['params'] extends Schema ? { path: z.input<C['params']> } : { path?: never }) &
    (C['query'] extends Schema
      ? // A query of optional fields only may be left out, as openapi-typescript makes it.
        Partial<z.input<C['query']>> extends z.input<C['query']>
        ? { query?: z.input<C['query']> }
        : { query: z.input<C['query']> }
      : { query?: never }) & {
      header?: never;
      cookie?: never;
    };
} & (C['body'] extends Schema
  ? undefined extends z.input<C['body']>
    ? { requestBody?: { content: { 'application/json': z.input<C['body']> } } }
    : { requestBody: { content: { 'application/json': z.input<C['body']> } } }
  : { requestBody?: never }) & {
    responses: { [S in keyof C['responses']]: Json<C['responses'][S]> };
  };

type CallsOf<Group> = Extract<Group[keyof Group], Call>;

/**
 * The `paths` type of openapi-fetch for a group of calls, derived from their schemas: a request's
 * params, query and body are what the schema accepts (its input), an answer is what it produces.
 */
export type PathsOf<Group extends Record<string, Call>> = {
  [P in CallsOf<Group>['path']]: {
    [K in keyof Group as Group[K]['path'] extends P ? Group[K]['method'] : never]: Operation<Group[K]>;
  };
};
