import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/testing.ts';

let t: TestApp;
let priya: string;
beforeAll(async () => {
  t = await createTestApp();
  priya = await t.loginCookie('priya@example.com');
});
afterAll(() => t.close());

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
const NOT_FOUND_TITLE = 'Oops! Page Not Found';

describe('addresses that cannot be decoded, or carry a NUL character', () => {
  it.each([
    '/searchpage/%E0%A4',
    '/searchpage/%C0%AE',
    '/productdetails/%E0%A4',
    '/%E0%A4',
    '/productdetails/%00',
    '/brand/%00',
    '/best-sellers-online/%00',
    '/viewreviews/%00/%00',
    '/explore/%00',
    '/policy/%00',
    '/reviews?product=%00',
    '/searchpage/%ED%A0%80',
    '/reviews?product=%E0%A4',
  ])('page %s answers the 404 page, not the error screen', async (path) => {
    const res = await t.request(path, { headers: { cookie: priya } });
    expect(res.status).toBe(404);
    const page = await res.text();
    expect(page).toContain(NOT_FOUND_TITLE);
    expect(page).not.toContain('Unexpected Application Error');
  });

  it('a page’s data request to such an address answers 404', async () => {
    const res = await t.request('/productdetails/%E0%A4.data', { headers: { cookie: priya } });
    expect(res.status).toBe(404);
  });

  it.each([
    '/api/orders/%00',
    '/api/payments/%00',
    '/api/search/suggestions?q=%00',
    '/api/search/suggestions?q=%E0%A4',
    '/api/search/suggestions?q=%ED%A0%80',
    '/api/%E0%A4',
  ])('API %s answers 400 BAD_REQUEST', async (path) => {
    const res = await t.request(path, { headers: { cookie: priya } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).error.code).toBe('BAD_REQUEST');
  });

  it('a search with ordinary non-Latin text is still served', async () => {
    const res = await t.request(`/api/search/suggestions?q=${encodeURIComponent('फ़ोन')}`);
    expect(res.status).toBe(200);
    expect((await t.request(`/searchpage/${encodeURIComponent('फ़ोन')}`)).status).toBe(200);
  });
});

describe('JSON fields with a NUL character or a lone surrogate', () => {
  const send = (method: string, path: string, body: string) =>
    t.request(path, { method, headers: { cookie: priya, 'content-type': 'application/json' }, body });
  const profile = (firstName: string, lastName = 'Sharma') =>
    JSON.stringify({
      firstName,
      lastName,
      mobile: '9876543210',
      gender: 'female',
      dateOfBirth: '1990-01-02',
      anniversary: '',
    });
  const address = {
    firstName: 'Priya',
    lastName: 'Sharma',
    email: 'priya@example.com',
    mobile: '9876543210',
    doorNo: 'No 7, Lake View',
    street: 'Anna Salai',
    landmark: 'Near LIC Building',
    pincode: '600002',
  };

  it.each([
    [
      'a NUL in an address’s street',
      'POST',
      '/api/addresses',
      JSON.stringify({ ...address, street: 'Anna\u0000Salai' }),
      'street',
    ],
    [
      'a lone surrogate in an address’s landmark',
      'POST',
      '/api/addresses',
      JSON.stringify({ ...address, landmark: 'Near' }).replace('Near', 'Near \\ud800 LIC'),
      'landmark',
    ],
    [
      'a NUL in a cancellation’s order number',
      'POST',
      '/api/cancellations',
      JSON.stringify({ orderNo: 'OD\u0000', items: [{ itemId: 1, quantity: 1, reasonIds: [1] }] }),
      'orderNo',
    ],
  ])('%s answers 400 naming the field', async (_, method, path, body, field) => {
    const res = await send(method, path, body);
    expect(res.status).toBe(400);
    const error = ((await res.json()) as ErrorBody).error;
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(error.fields ?? {})).toEqual([field]);
  });

  it('an ordinary emoji (a surrogate pair) is kept', async () => {
    const res = await send('PUT', '/api/profile', profile('Priya 🙂'));
    expect(res.status).toBe(200);
  });
});

describe('GET /api/pincodes/nearest', () => {
  it.each(['latitude=&longitude=', 'latitude=12.9&longitude=', 'latitude=%20&longitude=80.2', ''])(
    '?%s answers 400, not the pincode nearest to 0,0',
    async (query) => {
      const res = await t.request(`/api/pincodes/nearest?${query}`);
      expect(res.status).toBe(400);
      expect(((await res.json()) as ErrorBody).error.code).toBe('VALIDATION_FAILED');
    },
  );

  it('still finds the nearest pincode for real coordinates', async () => {
    const res = await t.request('/api/pincodes/nearest?latitude=13.0827&longitude=80.2707');
    expect(res.status).toBe(200);
  });
});

describe('deeply nested JSON', () => {
  const post = (body: string) =>
    t.request('/api/pincodes/check', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });

  it.each([
    ['5,000 nested arrays', '['.repeat(5_000) + ']'.repeat(5_000)],
    ['100,000 nested arrays', '['.repeat(100_000) + ']'.repeat(100_000)],
    ['5,000 nested objects', '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000)],
  ])('%s answer 400 at once, never 500', async (_, body) => {
    const started = performance.now();
    const res = await post(body);
    const took = performance.now() - started;
    expect(res.status).toBe(400);
    const error = ((await res.json()) as ErrorBody).error;
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toBe('The request body is nested too deeply.');
    expect(took).toBeLessThan(200);
  });

  it('a wide body of many fields is checked and passed on to the route', async () => {
    const wide = JSON.stringify({
      items: Array.from({ length: 20_000 }, (_, i) => ({ [`k${i}`]: [`v${i}`] })),
    });
    const res = await post(wide);
    expect(res.status).toBe(400); // not a pincode: the route's own validator answers
    expect(((await res.json()) as ErrorBody).error.message).not.toBe(
      'The request body is nested too deeply.',
    );
  });

  it('a NUL deep inside a body at the allowed depth is named by its path', async () => {
    const body = '{"a":'.repeat(30) + '"x\\u0000"' + '}'.repeat(30);
    const res = await post(body);
    expect(res.status).toBe(400);
    const error = ((await res.json()) as ErrorBody).error;
    expect(Object.keys(error.fields ?? {})).toEqual([Array(30).fill('a').join('.')]);
  });
});
