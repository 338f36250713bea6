import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { countRows, pincodes } from '@marketplace/db';
import { createPincodeDirectory } from './service.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/pincodes/{pincode}', () => {
  it('answers a real pincode with its city, district and state', async () => {
    const res = await t.request('/api/pincodes/600100');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      pincode: '600100',
      city: 'Tambaram',
      locality: 'Medavakkam',
      district: 'Kanchipuram',
      state: 'Tamil Nadu',
      isServiceable: true,
      hasCod: true,
    });
  });

  it.each([
    ['110001', 'New Delhi', 'Delhi'],
    ['400020', 'Mumbai', 'Maharashtra'],
    ['781005', 'Guwahati', 'Assam'], // GeoNames' sub-district is 'Gmc' (ADR-0004)
    ['795001', 'Imphal', 'Manipur'], // and here 'Nil'
    ['403001', 'Panaji', 'Goa'], // taluk Tiswadi
    ['500001', 'Hyderabad', 'Telangana'], // mandal Nampally
  ])('knows %s (%s, %s)', async (pincode, city, state) => {
    const res = await t.request(`/api/pincodes/${pincode}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ pincode, city, state });
  });

  it('marks island pincodes as prepaid only', async () => {
    const res = await t.request('/api/pincodes/744101');
    expect(await res.json()).toMatchObject({ state: 'Andaman & Nicobar Islands', hasCod: false });
  });

  it.each(['999999', '012345', '100000'])(
    'answers 404 with a clear message for the unknown pincode %s',
    async (pincode) => {
      const res = await t.request(`/api/pincodes/${pincode}`);
      expect(res.status).toBe(404);
      const body = await res.json();
      expect(body).toEqual({
        error: {
          code: 'NOT_FOUND',
          message: `Pincode ${pincode} is not a known Indian pincode.`,
          requestId: expect.any(String),
        },
      });
    },
  );

  it.each([
    ['five digits', '60010'],
    ['seven digits', '6001000'],
    ['letters', 'abcdef'],
    ['a letter among digits', '60010a'],
    ['spaces', '600%20100'],
    ['SQL', encodeURIComponent("600100' OR '1'='1")],
    ['markup', encodeURIComponent('<script>alert(1)</script>')],
    ['a very long value', '6'.repeat(5_000)],
  ])('answers 400 for %s', async (_label, value) => {
    const res = await t.request(`/api/pincodes/${value}`);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Pincode must be six digits.' });
    expect(body.error.fields).toEqual({ pincode: 'Pincode must be six digits.' });
    expect(JSON.stringify(body)).not.toContain('<script>');
  });

  it('loses nothing to hostile input', async () => {
    expect(await countRows(t.db, 'pincodes')).toBe(19_238);
  });
});

describe('POST /api/pincodes/check', () => {
  it('reports a served pincode with its place', async () => {
    const res = await t.postJson('/api/pincodes/check', { pincode: '560038' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.available).toBe(true);
    expect(body.place).toMatchObject({ pincode: '560038', state: 'Karnataka' });
  });

  it('reports an unknown pincode as not available', async () => {
    const res = await t.postJson('/api/pincodes/check', { pincode: '999999' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ available: false, place: null });
  });

  it.each([
    ['no pincode', {}, 'pincode'],
    ['a number', { pincode: 600100 }, 'pincode'],
    ['null', { pincode: null }, 'pincode'],
    ['an array', { pincode: ['600100'] }, 'pincode'],
    ['five digits', { pincode: '60010' }, 'pincode'],
  ])('answers 400 with the field named for %s', async (_label, body, field) => {
    const res = await t.postJson('/api/pincodes/check', body);
    expect(res.status).toBe(400);
    const json = await res.json();
    expect(json.error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(json.error.fields)).toContain(field);
  });

  it('answers 400 when the body is not an object', async () => {
    const res = await t.postJson('/api/pincodes/check', ['600100']);
    expect(res.status).toBe(400);
  });
});

describe('GET /api/pincodes/nearest', () => {
  it('finds the pincode at the coordinates of a post office', async () => {
    const res = await t.request('/api/pincodes/nearest?latitude=12.9377&longitude=80.2153');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ pincode: '600100', distanceKm: 0 });
  });

  it('finds the closest pincode to a point between post offices', async () => {
    // Connaught Place, New Delhi
    const res = await t.request('/api/pincodes/nearest?latitude=28.6315&longitude=77.2167');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.state).toBe('Delhi');
    expect(body.distanceKm).toBeLessThan(3);
  });

  it('answers 404 far from India', async () => {
    const res = await t.request('/api/pincodes/nearest?latitude=51.5072&longitude=-0.1276');
    expect(res.status).toBe(404);
    expect((await res.json()).error.message).toBe('No pincode within 50 km of that location.');
  });

  it.each([
    ['no coordinates', '', ['latitude', 'longitude']],
    ['no longitude', '?latitude=12.9', ['longitude']],
    ['text', '?latitude=north&longitude=80', ['latitude']],
    ['latitude out of range', '?latitude=91&longitude=80', ['latitude']],
    ['longitude out of range', '?latitude=12&longitude=-181', ['longitude']],
  ])('answers 400 for %s', async (_label, query, fields) => {
    const res = await t.request(`/api/pincodes/nearest${query}`);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(Object.keys(body.error.fields).sort()).toEqual(fields);
  });
});

describe('the pincode directory', () => {
  it('reuses an answer until it expires, then reads the database again', async () => {
    const directory = createPincodeDirectory(t.db, 200);
    expect((await directory.find('400020'))?.hasCod).toBe(true);
    expect(await directory.find('999998')).toBeNull();
    await t.db.update(pincodes).set({ hasCod: false }).where(eq(pincodes.pincode, '400020'));
    expect((await directory.find('400020'))?.hasCod).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await directory.find('400020'))?.hasCod).toBe(false);
    await t.db.update(pincodes).set({ hasCod: true }).where(eq(pincodes.pincode, '400020'));
  });
});
