import { API_BASE, type Call, routerPath } from '@crossbuy/core/contract';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** The Fastify instance a feature's routes are registered on, validating and serialising with Zod. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

const noBody = z.null();
type NoBody = typeof noBody;

/** The Fastify schema of a call, as a type: what the Zod type provider reads to type the handler. */
type RouteSchemaOf<C extends Call> = {
  tags: string[];
  summary: string;
  description?: string;
  params: C['params'];
  querystring: C['query'];
  body: C['body'];
  response: { [S in keyof C['responses']]: C['responses'][S] extends null ? NoBody : C['responses'][S] };
};

export type CallHandler<C extends Call> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  unknown,
  RouteSchemaOf<C>,
  ZodTypeProvider,
  FastifyBaseLogger
>;

/**
 * What a route adds to its call: hooks such as a role check, per-route config, and a body limit of its
 * own where a call's body may be larger than the store's default (a product file).
 */
export type CallOptions = Pick<
  RouteShorthandOptions,
  'preValidation' | 'preHandler' | 'config' | 'bodyLimit'
>;

/**
 * The route's URL inside the plugin answering it. A call's path is below `/api`; a service mounted
 * deeper (the back office at `/api/admin`) answers only the calls below its own mount point.
 */
export function routeUrl(prefix: string, path: string): string {
  if (!prefix.startsWith(API_BASE)) throw new Error(`${prefix} is not below ${API_BASE}`);
  const mount = prefix.slice(API_BASE.length);
  if (!path.startsWith(`${mount}/`)) throw new Error(`${path} is not answered below ${prefix}`);
  return routerPath(path.slice(mount.length));
}

/** The Fastify schema of a call: validation, serialisation and the OpenAPI document all read it. */
export function routeSchema<C extends Call>(call: C): RouteSchemaOf<C> {
  const response = Object.fromEntries(
    Object.entries(call.responses).map(([status, schema]) => [status, schema ?? noBody]),
  ) as RouteSchemaOf<C>['response'];
  // Only the parts the call has: Fastify and the OpenAPI document read a present key as a schema.
  return {
    tags: [call.tag],
    summary: call.summary,
    ...(call.description === undefined ? {} : { description: call.description }),
    ...(call.params === undefined ? {} : { params: call.params }),
    ...(call.query === undefined ? {} : { querystring: call.query }),
    ...(call.body === undefined ? {} : { body: call.body }),
    response,
  } as RouteSchemaOf<C>;
}

/** Registers the route that answers `call`, with the handler typed from the call's schemas. */
export function answerCall<C extends Call>(
  app: ZodApp,
  call: C,
  // The call alone decides the types; a handler made for another call of the same shape fits too.
  handler: NoInfer<CallHandler<C>>,
  options: CallOptions = {},
): void {
  app.route({
    ...options,
    method: call.method.toUpperCase() as Uppercase<C['method']>,
    url: routeUrl(app.prefix, call.path),
    schema: routeSchema(call),
    handler,
  });
}
