import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/** Smaller answers gain less from compression than its headers and CPU cost (about one TCP packet). */
export const COMPRESS_MIN_BYTES = 1024;

// Brotli's default quality (11) is meant for files compressed once; on every request quality 4 is
// about as fast as gzip and still smaller (decision 0018).
const ON_THE_FLY_BROTLI_QUALITY = 4;

const COMPRESSIBLE_TYPE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/i;

function isCompressible(reply: FastifyReply): boolean {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && COMPRESSIBLE_TYPE.test(type);
}

function varyOnAcceptEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const values = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((value) => value.trim().toLowerCase())
    .filter(Boolean);
  if (values.includes('accept-encoding') || values.includes('*')) return;
  reply.header('vary', [...values, 'accept-encoding'].join(', '));
}

/**
 * Pages and API answers are compressed as they are sent, in the encoding the browser prefers among
 * brotli and gzip (its q-values decide; identity when it accepts neither). Static assets are compressed
 * at build time and chosen by the static file server (web-app.ts); they arrive here already encoded and
 * are left alone.
 */
async function compression(app: FastifyInstance) {
  const encodedBeforehand = new WeakSet<FastifyReply>();
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.hasHeader('content-encoding')) encodedBeforehand.add(reply);
    return payload;
  });
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_MIN_BYTES,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: ON_THE_FLY_BROTLI_QUALITY } },
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!isCompressible(reply)) return payload;
    // Sent uncompressed (to a browser accepting no encoding) it still depends on Accept-Encoding: a
    // shared cache must not hand it to, or take it from, another browser. Small answers are never
    // compressed, but saying so for every compressible answer keeps the rule one line.
    varyOnAcceptEncoding(reply);
    // A strong ETag names one exact body; one encoded here is another body under the same tag, so the
    // tag becomes weak (still good for If-None-Match, never for ranges).
    const etag = reply.getHeader('etag');
    const encodedHere = reply.hasHeader('content-encoding') && !encodedBeforehand.has(reply);
    if (encodedHere && typeof etag === 'string' && !etag.startsWith('W/')) reply.header('etag', `W/${etag}`);
    return payload;
  });
}

export default fp(compression, { name: 'compression' });
