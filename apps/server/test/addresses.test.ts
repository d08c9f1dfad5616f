import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorCode } from './helpers/browser.js';
import { createTestApp, createUser, signInAs, type TestApp, withXsrf } from './helpers/test-app.js';

const MAX = 3;
let harness: TestApp;
beforeAll(async () => {
  harness = await createTestApp({ env: { MAX_ADDRESSES_PER_USER: String(MAX) } });
});
afterAll(() => harness.close());

type Session = Awaited<ReturnType<typeof signInAs>>;

async function shopper(): Promise<Session> {
  return signInAs(harness.app, await createUser(harness.app));
}

function call(
  session: Session,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  options: { xsrf?: boolean } = {},
) {
  const headers: Record<string, string> = { cookie: session.cookie };
  if (options.xsrf !== false) Object.assign(headers, session.header);
  return harness.app.inject({
    method,
    url: `/api/address${url}`,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const singapore = {
  fullName: 'Ada Lovelace',
  phoneNumber: '8123 4567',
  address: '1 Raffles Place',
  unitNumber: '#10-01',
  postalCode: '048616',
  country: 'SG',
};

async function add(session: Session, overrides: Record<string, unknown> = {}) {
  const response = await call(session, 'POST', '', { ...singapore, ...overrides });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json().address as { id: string; main: boolean; fullName: string };
}

describe('address book', () => {
  it('adds a normalised address; the first one is main', async () => {
    const session = await shopper();
    const response = await call(session, 'POST', '', { ...singapore, main: false });
    expect(response.statusCode).toBe(201);
    expect(response.json().address).toMatchObject({
      fullName: 'Ada Lovelace',
      phoneNumber: '+6581234567',
      postalCode: '048616',
      country: 'SG',
      state: null,
      main: true,
    });
    const list = await call(session, 'GET', '');
    expect(list.statusCode).toBe(200);
    expect(list.json().addresses).toHaveLength(1);
  });

  it('keeps exactly one main address: a new main replaces the old; the list shows main first', async () => {
    const session = await shopper();
    const first = await add(session);
    const second = await add(session, { fullName: 'Second' });
    expect(second.main).toBe(false);
    const third = await add(session, { fullName: 'Third', main: true });
    expect(third.main).toBe(true);
    const list = (await call(session, 'GET', '')).json().addresses;
    expect(list.map((address: { id: string }) => address.id)).toEqual([third.id, first.id, second.id]);
    expect(list.filter((address: { main: boolean }) => address.main)).toHaveLength(1);
  });

  it('makes an address main with POST /address/{id}/main', async () => {
    const session = await shopper();
    const first = await add(session);
    const second = await add(session);
    const response = await call(session, 'POST', `/${second.id}/main`);
    expect(response.statusCode).toBe(200);
    expect(response.json().address).toMatchObject({ id: second.id, main: true });
    const list = (await call(session, 'GET', '')).json().addresses;
    expect(list.find((address: { id: string }) => address.id === first.id).main).toBe(false);
  });

  it('promotes another address when the main one is deleted', async () => {
    const session = await shopper();
    const first = await add(session);
    await add(session, { fullName: 'Older' });
    const newest = await add(session, { fullName: 'Newest' });
    const response = await call(session, 'DELETE', `/${first.id}`);
    expect(response.statusCode).toBe(204);
    const list = (await call(session, 'GET', '')).json().addresses;
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ id: newest.id, main: true });
    expect(list[1].main).toBe(false);
  });

  it('refuses more than MAX_ADDRESSES_PER_USER with user/max_addresses_reached and the maximum', async () => {
    const session = await shopper();
    for (let index = 0; index < MAX; index += 1) await add(session);
    const response = await call(session, 'POST', '', singapore);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'user/max_addresses_reached',
      params: [String(MAX)],
    });
    expect(response.json().error.message).toBe(
      `You have reached the maximum number address of ${MAX} per user`,
    );
  });

  it('applies a partial update and checks country rules on the merged address', async () => {
    const session = await shopper();
    const address = await add(session);
    const renamed = await call(session, 'PUT', `/${address.id}`, {
      fullName: 'Grace Hopper',
      unitNumber: null,
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().address).toMatchObject({
      fullName: 'Grace Hopper',
      unitNumber: null,
      postalCode: '048616',
    });

    // A Singapore phone number and postal code do not fit the United States.
    const moved = await call(session, 'PUT', `/${address.id}`, { country: 'US', state: 'CA' });
    expect(moved.statusCode).toBe(400);
    expect(errorCode(moved)).toBe('address/invalid_phone_number');

    const relocated = await call(session, 'PUT', `/${address.id}`, {
      country: 'US',
      state: 'California',
      city: 'Mountain View',
      postalCode: '94043',
      phoneNumber: '+1 650 253 0000',
    });
    expect(relocated.statusCode).toBe(200);
    expect(relocated.json().address).toMatchObject({ country: 'US', state: 'CA', postalCode: '94043' });
  });

  it('refuses to unset main on the main address, saying why, and changes nothing', async () => {
    const session = await shopper();
    const only = await add(session);
    const response = await call(session, 'PUT', `/${only.id}`, { main: false, fullName: 'Renamed' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'address/main_required',
      params: [],
      message: 'You always have one main address: make another address main first',
    });

    const other = await add(session, { fullName: 'Other' });
    const stillMain = await call(session, 'PUT', `/${only.id}`, { main: false });
    expect(errorCode(stillMain)).toBe('address/main_required');
    const list = (await call(session, 'GET', '')).json().addresses;
    expect(list.map((address: { id: string; main: boolean; fullName: string }) => address)).toEqual([
      expect.objectContaining({ id: only.id, main: true, fullName: only.fullName }),
      expect.objectContaining({ id: other.id, main: false }),
    ]);
    // Unsetting main on an address that is not main asks for what already holds.
    const notMain = await call(session, 'PUT', `/${other.id}`, { main: false });
    expect(notMain.statusCode).toBe(200);
    expect(notMain.json().address.main).toBe(false);
  });

  it('moves main with PUT main: true', async () => {
    const session = await shopper();
    await add(session);
    const second = await add(session);
    const response = await call(session, 'PUT', `/${second.id}`, { main: true });
    expect(response.json().address.main).toBe(true);
    const mains = (await call(session, 'GET', '')).json().addresses.filter((a: { main: boolean }) => a.main);
    expect(mains).toEqual([expect.objectContaining({ id: second.id })]);
  });

  it.each([
    [{ fullName: '' }, 'address/invalid_full_name'],
    [{ fullName: 'x'.repeat(201) }, 'address/invalid_full_name'],
    [{ address: '' }, 'address/invalid_address'],
    [{ postalCode: '12' }, 'address/invalid_postal_code'],
    [{ postalCode: '12345' }, 'address/invalid_postal_code'],
    [{ unitNumber: 'x'.repeat(31) }, 'address/invalid_unit_number'],
    [{ main: 'yes' }, 'address/invalid_main'],
    [{ country: 'XX' }, 'address/invalid_country'],
    [{ phoneNumber: '123' }, 'address/invalid_phone_number'],
    [
      { country: 'US', postalCode: '94043', phoneNumber: '+1 650 253 0000', state: 'Atlantis' },
      'address/invalid_state',
    ],
    // Japan Post needs the city or ward, which the street line no longer has to hold.
    [
      { country: 'JP', postalCode: '100-0005', phoneNumber: '03-1234-5678', state: '13' },
      'address/invalid_city',
    ],
  ])('refuses %j on create with its code', async (overrides, code) => {
    const response = await call(await shopper(), 'POST', '', { ...singapore, ...overrides });
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe(code);
  });

  it('names a missing required field', async () => {
    const { fullName: _name, ...body } = singapore;
    const response = await call(await shopper(), 'POST', '', body);
    expect(response.json().error).toMatchObject({ code: 'general/missing_argument', params: ['fullName'] });
  });

  it('requires a city where the country does', async () => {
    const response = await call(await shopper(), 'POST', '', {
      ...singapore,
      country: 'US',
      state: 'CA',
      postalCode: '94043',
      phoneNumber: '+1 650 253 0000',
    });
    expect(errorCode(response)).toBe('address/invalid_city');
  });
});

describe('address ownership and access', () => {
  let owner: Session;
  let stranger: Session;
  let addressId: string;
  beforeAll(async () => {
    owner = await shopper();
    stranger = await shopper();
    addressId = (await add(owner)).id;
  });

  it.each([
    ['PUT', '', { fullName: 'Mine now' }],
    ['DELETE', '', undefined],
    ['POST', '/main', undefined],
  ] as const)(
    "answers 404 address/not_found for another user's address (%s)",
    async (method, suffix, payload) => {
      const response = await call(stranger, method, `/${addressId}${suffix}`, payload);
      expect(response.statusCode).toBe(404);
      expect(errorCode(response)).toBe('address/not_found');
    },
  );

  it("does not list another user's addresses, and leaves them unchanged", async () => {
    expect((await call(stranger, 'GET', '')).json().addresses).toEqual([]);
    const mine = (await call(owner, 'GET', '')).json().addresses;
    expect(mine).toEqual([expect.objectContaining({ id: addressId, fullName: 'Ada Lovelace' })]);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    expect(errorCode(await call(owner, 'DELETE', '/00000000-0000-4000-8000-000000000000'))).toBe(
      'address/not_found',
    );
    expect(errorCode(await call(owner, 'PUT', '/not-an-id', { fullName: 'x' }))).toBe('address/not_found');
    expect((await call(owner, 'POST', '/12/main')).statusCode).toBe(404);
  });

  it.each([
    ['GET', ''],
    ['POST', ''],
    ['PUT', '/ID'],
    ['DELETE', '/ID'],
    ['POST', '/ID/main'],
  ] as const)('refuses a visitor on %s /address%s with 401', async (method, path) => {
    const payload =
      method === 'POST' && path === '' ? singapore : method === 'PUT' ? { fullName: 'x' } : undefined;
    const visitor = await withXsrf(harness.app);
    const response = await harness.app.inject({
      method,
      url: `/api/address${path.replace('ID', addressId)}`,
      headers: { cookie: visitor.cookie, ...visitor.header },
      ...(payload === undefined ? {} : { payload }),
    });
    expect(response.statusCode).toBe(401);
    expect(errorCode(response)).toBe('auth/invalid_access_token');
  });

  it.each([
    ['POST', ''],
    ['PUT', '/ID'],
    ['DELETE', '/ID'],
    ['POST', '/ID/main'],
  ] as const)('refuses %s /address%s without the anti-forgery header', async (method, path) => {
    const payload =
      method === 'POST' && path === '' ? singapore : method === 'PUT' ? { fullName: 'x' } : undefined;
    const response = await call(owner, method, path.replace('ID', addressId), payload, { xsrf: false });
    expect(response.statusCode).toBe(403);
    expect(errorCode(response)).toBe('auth/invalid_state');
  });
});
