import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { defineCall, type PathsOf, routerPath } from './index.js';

describe('routerPath', () => {
  it('turns each {name} into the :name Fastify reads, and leaves other text alone', () => {
    expect(routerPath('/address')).toBe('/address');
    expect(routerPath('/address/{id}/main')).toBe('/address/:id/main');
    expect(routerPath('/order/{orderId}/items/{item_id}')).toBe('/order/:orderId/items/:item_id');
    expect(routerPath('/weird/{not a name}')).toBe('/weird/{not a name}');
  });
});

describe('PathsOf', () => {
  const calls = {
    one: defineCall({
      method: 'get',
      path: '/thing/{id}',
      tag: 'thing',
      summary: 'One thing',
      params: z.object({ id: z.string() }),
      query: z.object({ region: z.string().optional() }),
      responses: { 200: z.object({ name: z.string() }) },
    }),
    rename: defineCall({
      method: 'put',
      path: '/thing/{id}',
      tag: 'thing',
      summary: 'Rename a thing',
      params: z.object({ id: z.string() }),
      body: z.object({ name: z.string().trim() }),
      responses: { 200: z.object({ name: z.string() }), 204: null },
    }),
  };
  type Paths = PathsOf<typeof calls>;

  it('keeps both methods of one path, each with its own parts', () => {
    expectTypeOf<keyof Paths>().toEqualTypeOf<'/thing/{id}'>();
    expectTypeOf<keyof Paths['/thing/{id}']>().toEqualTypeOf<'get' | 'put'>();
    expectTypeOf<Paths['/thing/{id}']['get']['parameters']['path']>().toEqualTypeOf<{ id: string }>();
    expectTypeOf<Paths['/thing/{id}']['get']['parameters']['query']>().toEqualTypeOf<
      { region?: string | undefined } | undefined
    >();
    expectTypeOf<Paths['/thing/{id}']['put']['requestBody']['content']['application/json']>().toEqualTypeOf<{
      name: string;
    }>();
    expectTypeOf<
      Paths['/thing/{id}']['get']['responses'][200]['content']['application/json']
    >().toEqualTypeOf<{ name: string }>();
    expect(calls.one.path).toBe(calls.rename.path);
  });

  it('lets a caller leave out a query of optional fields and a body that may be absent, and nothing else', () => {
    const optional = {
      cancel: defineCall({
        method: 'delete',
        path: '/thing/{id}',
        tag: 'thing',
        summary: 'Cancel a thing',
        params: z.object({ id: z.string() }),
        query: z.object({ page: z.coerce.number().default(1) }),
        body: z.object({ reason: z.string() }).nullish(),
        responses: { 204: null },
      }),
      search: defineCall({
        method: 'get',
        path: '/things',
        tag: 'thing',
        summary: 'Things by name',
        query: z.object({ q: z.string() }),
        responses: { 200: z.object({ names: z.array(z.string()) }) },
      }),
    };
    type Optional = PathsOf<typeof optional>;
    type Cancel = Optional['/thing/{id}']['delete'];
    // A default makes the field optional on input, so the whole query may be left out.
    expectTypeOf<{ path: { id: string } }>().toExtend<Cancel['parameters']>();
    expectTypeOf<undefined>().toExtend<Cancel['requestBody']>();
    // A required field keeps the query required.
    expectTypeOf<{ query?: never }>().not.toExtend<Optional['/things']['get']['parameters']>();
  });
});
