import { defineCall } from '@crossbuy/core/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { routeSchema, routeUrl } from './contract-routes.js';

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
