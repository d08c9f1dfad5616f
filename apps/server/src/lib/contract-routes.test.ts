import { defineCall } from '@crossbuy/core/contract';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerCall, routeSchema, routeUrl } from './contract-routes.js';

describe('routeSchema', () => {
  it('names only the parts a call has, and answers without a body as null', () => {
    const call = defineCall({
      method: 'delete',
      path: '/thing/{id}',
      tag: 'thing',
      summary: 'Delete a thing',
      params: z.object({ id: z.string() }),
      responses: { 204: null },
    });
    const schema = routeSchema(call);
    expect(Object.keys(schema).sort()).toEqual(['params', 'response', 'summary', 'tags']);
    expect(schema.tags).toEqual(['thing']);
    expect(schema.params).toBe(call.params);
    expect(schema.response[204].safeParse(null).success).toBe(true);
    expect(schema.response[204].safeParse({}).success).toBe(false);
  });

  it('carries the description, query and body when the call has them', () => {
    const body = z.object({ name: z.string() });
    const query = z.object({ region: z.string() });
    const answer = z.object({ ok: z.boolean() });
    const schema = routeSchema(
      defineCall({
        method: 'post',
        path: '/thing',
        tag: 'thing',
        summary: 'Make a thing',
        description: 'Refuses a second thing of one name.',
        query,
        body,
        responses: { 201: answer },
      }),
    );
    expect(schema).toMatchObject({
      description: 'Refuses a second thing of one name.',
      querystring: query,
      body,
    });
    expect(schema.response[201]).toBe(answer);
  });
});

describe('routeUrl', () => {
  it('answers a call below the mount point of the service it belongs to', () => {
    expect(routeUrl('/api', '/address/{id}/main')).toBe('/address/:id/main');
    expect(routeUrl('/api/admin', '/admin/users/{id}/blacklist')).toBe('/users/:id/blacklist');
  });

  it('refuses a call the service is not mounted for, when the route is registered', () => {
    expect(() => routeUrl('/api/admin', '/address')).toThrow('/address is not answered below /api/admin');
    expect(() => routeUrl('/api/admin', '/administrators')).toThrow();
    expect(() => routeUrl('/other', '/address')).toThrow('/other is not below /api');
  });
});

describe('answerCall', () => {
  it("registers the route with the options it is given: a body limit of the route's own", async () => {
    const app = Fastify({ bodyLimit: 1024 }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const note = z.object({ text: z.string() });
    const call = (path: string) =>
      defineCall({
        method: 'post',
        path,
        tag: 'thing',
        summary: 'Keep a note',
        body: note,
        responses: { 200: note },
      });
    await app.register(
      async (api) => {
        answerCall(api, call('/note'), async (request) => request.body);
        answerCall(api, call('/long_note'), async (request) => request.body, { bodyLimit: 4096 });
      },
      { prefix: '/api' },
    );
    const send = (url: string) =>
      app
        .inject({ method: 'POST', url, payload: { text: 'x'.repeat(2000) } })
        .then((answer) => answer.statusCode);
    expect(await send('/api/note')).toBe(413);
    expect(await send('/api/long_note')).toBe(200);
    await app.close();
  });
});
