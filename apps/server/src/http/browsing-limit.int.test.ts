import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ browsingLimit: { perMinute: 5 } });
});
afterAll(() => t.close());

type ErrorBody = { error: { code: string; message: string } };
const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });

describe('the per-address limit on anonymous browsing', () => {
  it('answers 429 with Retry-After once an address has made its requests for the minute', async () => {
    const paths = [
      '/api/search/suggestions?q=phone',
      '/searchpage/phone',
      '/api/products/cards?ids=1',
      '/api/pincodes/600002',
      '/searchpage/phone.data',
    ];
    for (const path of paths)
      expect((await t.request(path, from('203.0.113.7'))).status, path).toBeLessThan(400);
    const refused = await t.request('/api/search/suggestions?q=phone', from('203.0.113.7'));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as ErrorBody).error.code).toBe('RATE_LIMITED');
    const page = await t.request('/categorylist/1/1', from('203.0.113.7'));
    expect(page.status).toBe(429);
    expect(Number(page.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await page.text()).toContain('Too many requests');
    // another address is served, and the site's static files are never counted
    expect((await t.request('/searchpage/phone', from('203.0.113.8'))).status).toBe(200);
    expect((await t.request('/favicon.svg', from('203.0.113.7'))).status).toBe(200);
  });
});

describe('the API document', () => {
  it('is built once, not on every request', async () => {
    const build = vi.spyOn(t.app, 'getOpenAPI31Document');
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      const res = await t.request('/api/openapi.json', from(address));
      expect(res.status).toBe(200);
      expect(((await res.json()) as { openapi: string }).openapi).toBe('3.1.0');
    }
    expect(build.mock.calls.length).toBeLessThanOrEqual(1);
  });
});
