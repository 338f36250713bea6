import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, pincodes, users } from '@marketplace/db';
import { ADDRESS_LIMIT, ADDRESS_MESSAGES } from '@marketplace/domain/accounts/addresses';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
const send = (method: string, path: string, cookie: string | null, body?: unknown, headers = {}) =>
  t.request(path, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
const userId = async (email: string) => {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(email);
  return row.id;
};
const rowsOf = async (email: string) =>
  t.db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, await userId(email)))
    .orderBy(asc(addresses.id));
const list = async (cookie: string) =>
  ((await (await send('GET', '/api/addresses', cookie)).json()) as { addresses: Json[] }).addresses;

const input = {
  firstName: 'Priya',
  lastName: 'Sharma',
  email: 'priya@example.com',
  mobile: '9876543210',
  doorNo: 'No 7, Lake View',
  street: 'Anna Salai',
  landmark: 'Near LIC Building',
  pincode: '600002',
};

describe('GET /api/addresses', () => {
  it('lists only the session shopper’s addresses, default first, with city, state and the COD flag', async () => {
    const cookie = await t.loginCookie('priya@example.com');
    const res = await send('GET', '/api/addresses', cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const found = ((await res.json()) as { addresses: Json[] }).addresses;
    expect(found.map((a) => [a.pincode, a.isDefault])).toEqual([
      ['600100', true],
      ['560038', false],
    ]);
    expect(found[0]).toMatchObject({
      firstName: 'Priya',
      state: 'Tamil Nadu',
      cod: expect.stringMatching(/^(Yes|No)$/),
    });
  });

  it('says COD Yes only where the pincode is served and offers cash on delivery', async () => {
    const cookie = await t.loginCookie('ananya@example.com');
    const [noCod] = await t.db
      .select()
      .from(pincodes)
      .where(and(eq(pincodes.isServiceable, true), eq(pincodes.hasCod, false)))
      .limit(1);
    const [withCod] = await t.db
      .select()
      .from(pincodes)
      .where(and(eq(pincodes.isServiceable, true), eq(pincodes.hasCod, true)))
      .limit(1);
    if (!noCod || !withCod) throw new Error('the seed has pincodes with and without COD');
    for (const [place, cod] of [
      [noCod, 'No'],
      [withCod, 'Yes'],
    ] as const) {
      const res = await send('POST', '/api/addresses', cookie, { ...input, pincode: place.pincode });
      expect(res.status).toBe(201);
      expect(((await res.json()) as { address: Json }).address).toMatchObject({
        pincode: place.pincode,
        city: place.city,
        state: place.state,
        cod,
      });
    }
  });

  it('answers 401 without a session', async () => {
    const res = await send('GET', '/api/addresses', null);
    expect(res.status).toBe(401);
    expect(((await res.json()) as ErrorBody).error.code).toBe('UNAUTHENTICATED');
  });
});

describe('writing addresses', () => {
  it('adds, edits, sets the default (exactly one) and deletes only a non-default address', async () => {
    const cookie = await t.loginCookie('rahul@example.com');
    const created = await send('POST', '/api/addresses', cookie, {
      ...input,
      firstName: 'Rahul',
      mobile: '9123456780',
    });
    expect(created.status).toBe(201);
    const { address, message } = (await created.json()) as { address: Json; message: string };
    expect(message).toBe(ADDRESS_MESSAGES.added);
    expect(address).toMatchObject({
      firstName: 'Rahul',
      city: expect.any(String),
      state: 'Tamil Nadu',
      isDefault: false,
    });
    const id = Number(address.id);

    const edited = await send('PUT', `/api/addresses/${id}`, cookie, {
      ...input,
      street: 'Mount Road',
      pincode: '110001',
    });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({
      message: ADDRESS_MESSAGES.updated,
      address: { id, street: 'Mount Road', pincode: '110001', state: 'Delhi' },
    });
    expect(await (await send('GET', `/api/addresses/${id}`, cookie)).json()).toMatchObject({
      street: 'Mount Road',
    });

    const made = await send('POST', `/api/addresses/${id}/default`, cookie);
    expect(await made.json()).toEqual({ success: true, message: ADDRESS_MESSAGES.defaultUpdated });
    const rows = await rowsOf('rahul@example.com');
    expect(rows.filter((r) => r.isDefault).map((r) => r.id)).toEqual([id]);
    expect((await list(cookie))[0]?.id).toBe(id); // the default comes first

    const refused = await send('DELETE', `/api/addresses/${id}`, cookie);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorBody).error.message).toBe(ADDRESS_MESSAGES.defaultNotDeletable);
    const other = rows.find((r) => !r.isDefault);
    if (!other) throw new Error('rahul has other addresses');
    const deleted = await send('DELETE', `/api/addresses/${other.id}`, cookie);
    expect(await deleted.json()).toEqual({ success: true, message: ADDRESS_MESSAGES.deleted });
    expect((await rowsOf('rahul@example.com')).map((r) => r.id)).not.toContain(other.id);
  });

  it('makes a shopper’s first address the default', async () => {
    const newcomer = await t.db
      .insert(users)
      .values({
        email: 'new.shopper@example.com',
        passwordHash: 'locked',
        firstName: 'New',
        lastName: 'Shopper',
      })
      .returning({ id: users.id });
    expect(newcomer).toHaveLength(1);
    const cookie = await t.loginCookie('new.shopper@example.com');
    const first = (await (await send('POST', '/api/addresses', cookie, input)).json()) as { address: Json };
    const second = (await (await send('POST', '/api/addresses', cookie, input)).json()) as { address: Json };
    expect([first.address.isDefault, second.address.isDefault]).toEqual([true, false]);
  });

  it('refuses an unknown pincode with the spec’s message and saves nothing', async () => {
    const cookie = await t.loginCookie('priya@example.com');
    const before = await rowsOf('priya@example.com');
    for (const [method, path] of [
      ['POST', '/api/addresses'],
      ['PUT', `/api/addresses/${before[0]?.id}`],
    ] as const) {
      const res = await send(method, path, cookie, { ...input, pincode: '999999' });
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).error).toMatchObject({
        message: ADDRESS_MESSAGES.pincode,
        fields: { pincode: ADDRESS_MESSAGES.pincode },
      });
    }
    expect(await rowsOf('priya@example.com')).toEqual(before);
  });

  it.each([
    [{ firstName: '' }, 'firstName', ADDRESS_MESSAGES.required.firstName],
    [{ landmark: undefined }, 'landmark', ADDRESS_MESSAGES.required.landmark],
    [{ mobile: '1234567890' }, 'mobile', ADDRESS_MESSAGES.mobile],
    [{ email: 'not-an-email' }, 'email', ADDRESS_MESSAGES.email],
    [{ pincode: '12' }, 'pincode', ADDRESS_MESSAGES.pincode],
    [{ street: 'x'.repeat(5000) }, 'street', ADDRESS_MESSAGES.tooLong],
    [{ doorNo: 42 }, 'doorNo', ADDRESS_MESSAGES.required.doorNo],
    [{ city: 'Made Up' }, '_', undefined],
    [{ isDefault: true }, '_', undefined],
  ])('refuses %j with 400 and saves nothing', async (change, field, message) => {
    const cookie = await t.loginCookie('priya@example.com');
    const before = await rowsOf('priya@example.com');
    const res = await send('POST', '/api/addresses', cookie, { ...input, ...change });
    expect(res.status).toBe(400);
    const error = ((await res.json()) as ErrorBody).error;
    expect(error.code).toBe('VALIDATION_FAILED');
    if (message) expect(error.fields?.[field]).toBe(message);
    expect(await rowsOf('priya@example.com')).toEqual(before);
  });

  it('refuses malformed, oversized and non-JSON bodies, malformed ids and other sites', async () => {
    const cookie = await t.loginCookie('priya@example.com');
    const before = await rowsOf('priya@example.com');
    expect((await send('POST', '/api/addresses', cookie, '{"firstName":')).status).toBe(400);
    expect((await send('POST', '/api/addresses', cookie, 'null')).status).toBe(400);
    expect(
      (await send('POST', '/api/addresses', cookie, { ...input, street: 'x'.repeat(1_100_000) })).status,
    ).toBe(413);
    const text = await t.request('/api/addresses', {
      method: 'POST',
      headers: { cookie, 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(text.status).toBe(415);
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', "1' OR '1'='1"]) {
      expect((await send('DELETE', `/api/addresses/${encodeURIComponent(id)}`, cookie)).status).toBe(400);
    }
    expect(
      (await send('POST', '/api/addresses', cookie, input, { origin: 'https://evil.example' })).status,
    ).toBe(403);
    expect(await rowsOf('priya@example.com')).toEqual(before);
  });

  it('stops at the address limit with 409', async () => {
    const cookie = await t.loginCookie('ananya@example.com');
    let status = 201;
    for (let i = 0; i <= ADDRESS_LIMIT && status === 201; i++) {
      status = (await send('POST', '/api/addresses', cookie, input)).status;
    }
    expect(status).toBe(409);
    expect(await rowsOf('ananya@example.com')).toHaveLength(ADDRESS_LIMIT);
  });

  it('answers 401 to every write without a session', async () => {
    const [row] = await rowsOf('priya@example.com');
    for (const [method, path, body] of [
      ['POST', '/api/addresses', input],
      ['GET', `/api/addresses/${row?.id}`, undefined],
      ['PUT', `/api/addresses/${row?.id}`, input],
      ['POST', `/api/addresses/${row?.id}/default`, undefined],
      ['DELETE', `/api/addresses/${row?.id}`, undefined],
    ] as const) {
      expect((await send(method, path, null, body)).status).toBe(401);
    }
  });
});

describe('another shopper’s address', () => {
  it('is 404 to read, edit, make default or delete, and stays as it was', async () => {
    const intruder = await t.loginCookie('rahul@example.com');
    const before = await rowsOf('priya@example.com');
    const target = before.find((r) => !r.isDefault);
    if (!target) throw new Error('priya has a non-default address');
    for (const [method, path, body] of [
      ['GET', `/api/addresses/${target.id}`, undefined],
      ['PUT', `/api/addresses/${target.id}`, input],
      ['POST', `/api/addresses/${target.id}/default`, undefined],
      ['DELETE', `/api/addresses/${target.id}`, undefined],
    ] as const) {
      const res = await send(method, path, intruder, body);
      expect(res.status).toBe(404);
      expect(((await res.json()) as ErrorBody).error.message).toBe(ADDRESS_MESSAGES.notFound);
    }
    expect(await rowsOf('priya@example.com')).toEqual(before);
    expect((await list(intruder)).map((a) => a.id)).not.toContain(target.id);
  });
});

describe('over real HTTP', () => {
  it('accepts a body-less DELETE as browsers send it (no length, no type)', async () => {
    const cookie = await t.loginCookie('rahul@example.com');
    const created = (await (await send('POST', '/api/addresses', cookie, input)).json()) as { address: Json };
    const server = await new Promise<Server>((done) => {
      const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => done(s)) as Server;
    });
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/api/addresses/${Number(created.address.id)}`, {
        method: 'DELETE',
        headers: { cookie },
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true, message: ADDRESS_MESSAGES.deleted });
      // a body declared as something other than JSON is still refused
      const typed = await fetch(`http://127.0.0.1:${port}/api/addresses`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'text/plain' },
        body: 'x',
      });
      expect(typed.status).toBe(415);
    } finally {
      await new Promise((done) => server.close(done));
    }
  });
});
