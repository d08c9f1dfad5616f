import { AppError, type ErrorCode, toErrorEnvelope } from '@crossbuy/core/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isResponseSerializationError } from 'fastify-type-provider-zod';

type Translated = { status: number; code: ErrorCode; params: string[] };

/**
 * Maps Fastify's own framework errors to catalogue codes so that a client never sees
 * Fastify's wording, and never a stack trace.
 */
function translateFrameworkError(error: FastifyError, bodyLimit: number): Translated | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, code: 'general/payload_too_large', params: [String(bodyLimit)] };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, code: 'general/unsupported_media_type', params: [] };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, code: 'general/malformed_json', params: [] };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_BAD_URL':
    case 'FST_ERR_INVALID_URL':
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { status: 400, code: 'general/argument_error', params: [] };
  }
  // The JSON parser raises a plain SyntaxError marked 400 for a body that is not JSON.
  if (error instanceof SyntaxError && error.statusCode === 400) {
    return { status: 400, code: 'general/malformed_json', params: [] };
  }
  if (error.statusCode === 429) return { status: 429, code: 'general/rate_limited', params: [] };
  if (error.validation) return { status: 400, code: 'general/argument_error', params: [] };
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return { status: error.statusCode, code: 'general/argument_error', params: [] };
  }
  return undefined;
}

/**
 * Fastify's `frameworkErrors` option: the errors it raises while routing (a path that does not decode, a
 * path parameter over the length limit) never reach the error handler and would answer Fastify's own body.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const translated = translateFrameworkError(error, 0);
  if (!translated) {
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(toErrorEnvelope('general/unknown_error', [`internal error (reference ${request.id})`]));
  }
  request.log.info({ code: translated.code, reason: error.code }, 'request refused');
  return reply.status(translated.status).send(toErrorEnvelope(translated.code, translated.params));
}

async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const thrown: unknown = error;
    if (thrown instanceof AppError) {
      // An expected refusal, unless something failed unexpectedly behind it (a schema that threw).
      if (thrown.cause !== undefined)
        request.log.error({ err: thrown.cause }, 'refused after an unexpected error');
      // A limit's refusal carries the seconds to wait as its first parameter; clients that do not read
      // the catalogue learn it from the standard header.
      const [seconds] = thrown.params;
      if (thrown.status === 429 && seconds !== undefined && /^\d+$/.test(seconds)) {
        reply.header('retry-after', seconds);
      }
      return reply.status(thrown.status).send(toErrorEnvelope(thrown.code, thrown.params));
    }
    // A route may set its own body limit (a picture upload); that is the limit the client ran into.
    const bodyLimit = request.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 0;
    const translated = isResponseSerializationError(error)
      ? undefined
      : translateFrameworkError(error, bodyLimit);
    if (translated) {
      request.log.info({ code: translated.code, reason: error.message }, 'request refused');
      return reply.status(translated.status).send(toErrorEnvelope(translated.code, translated.params));
    }
    // Unexpected: log everything, tell the client only a reference it can quote to support.
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send(toErrorEnvelope('general/unknown_error', [`internal error (reference ${request.id})`]));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(toErrorEnvelope('general/not_found', [request.url.split('?')[0] ?? '']));
  });
}

export default fp(errorHandler, { name: 'error-handler' });
