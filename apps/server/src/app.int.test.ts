import { Validator } from '@seriousme/openapi-schema-validator';
import { desc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands, products } from '@marketplace/db';
import { createTestApp, type TestApp } from '../test-support/testing.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('operations endpoints', () => {
  it('/healthz answers while the process is up', async () => {
    const res = await t.request('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers 200 when the database answers', async () => {
    const res = await t.request('/readyz');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: t.database.kind });
  });
});

describe('request ids', () => {
  it('puts a fresh request id on every response', async () => {
    const a = (await t.request('/healthz')).headers.get('x-request-id');
    const b = (await t.request('/healthz')).headers.get('x-request-id');
    expect(a).toMatch(/^[0-9a-f-]{36}$/);
    expect(b).not.toBe(a);
  });

  it('keeps a well-formed incoming request id and replaces a hostile one', async () => {
    const kept = await t.request('/healthz', { headers: { 'x-request-id': 'lb-7f3a9c21-0001' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a9c21-0001');
    const replaced = await t.request('/healthz', {
      headers: { 'x-request-id': '<script>alert(1)</script>' },
    });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('names the request id in error bodies', async () => {
    const res = await t.request('/api/nowhere');
    expect((await res.json()).error.requestId).toBe(res.headers.get('x-request-id'));
  });
});

describe('API errors', () => {
  it.each([
    ['GET', '/api/nowhere'],
    ['POST', '/api/orders/delete-everything'],
    ['DELETE', '/api/pincodes/600100'],
  ])('%s %s: unknown API path is a JSON 404', async (method, path) => {
    const res = await t.request(path, { method });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect((await res.json()).error).toMatchObject({
      code: 'NOT_FOUND',
      message: `There is no API endpoint ${method} ${path}.`,
    });
  });

  it('malformed JSON is a 400', async () => {
    const res = await t.request('/api/pincodes/check', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"pincode": "600100"',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toMatchObject({
      code: 'MALFORMED_JSON',
      message: 'The request body is not valid JSON.',
    });
  });

  it.each([
    ['text/plain', 'pincode=600100'],
    ['application/x-www-form-urlencoded', 'pincode=600100'],
    ['multipart/form-data; boundary=x', '--x\r\n\r\n--x--'],
  ])('a %s body is a 415', async (type, body) => {
    const res = await t.request('/api/pincodes/check', {
      method: 'POST',
      headers: { 'content-type': type },
      body,
    });
    expect(res.status).toBe(415);
    expect((await res.json()).error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('a body over 1 MB is a 413', async () => {
    const res = await t.request('/api/pincodes/check', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pincode: '600100', padding: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The request body is larger than 1 MB.',
    });
  });

  it('a chunked body over 1 MB without a length is a 413 too', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('{"pincode":"600100","padding":"'));
        if (sent > 20) return controller.close();
        sent++;
        controller.enqueue(chunk);
      },
    });
    const res = await t.request('/api/pincodes/check', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
  });

  it('a body of exactly 1 MB still goes through', async () => {
    const prefix = '{"pincode":"600100","padding":"';
    const body = `${prefix}${'x'.repeat(1024 * 1024 - prefix.length - 2)}"}`;
    expect(Buffer.byteLength(body)).toBe(1024 * 1024);
    const res = await t.request('/api/pincodes/check', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(200);
  });
});

describe('OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const res = await t.request('/api/openapi.json');
    expect(res.status).toBe(200);
    const document = await res.json();
    expect(document.openapi).toBe('3.1.0');
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every API and operations endpoint the app serves', async () => {
    const document = await (await t.request('/api/openapi.json')).json();
    const documented = new Set(
      Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
        Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
      ),
    );
    const served = t.app.routes
      .filter(
        (r) => r.method !== 'ALL' && (r.path.startsWith('/api/') || ['/healthz', '/readyz'].includes(r.path)),
      )
      .filter((r) => !r.path.startsWith('/api/docs') && r.path !== '/api/openapi.json')
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, '{$1}')}`);
    expect(served.length).toBeGreaterThanOrEqual(5);
    for (const route of served) expect(documented, route).toContain(route);
  });

  it('has a readable docs page', async () => {
    const page = await t.request('/api/docs');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('/api/openapi.json');
    const script = await t.request('/api/docs/assets/swagger-ui-bundle.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
  });
});

describe('media', () => {
  it('serves a seeded product image as SVG with long cache headers', async () => {
    const [product] = await t.db.select({ image: products.mainImage }).from(products).limit(1);
    expect(product?.image).toMatch(/^\/media\/catalog\/products\/.+-[0-9a-f]{10}\.svg$/);
    const res = await t.request(product?.image ?? '');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml(;|$)/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toMatch(/^<svg/);
  });

  it('serves brand logos', async () => {
    const [brand] = await t.db.select({ logo: brands.logoPath }).from(brands).where(eq(brands.id, 1));
    const res = await t.request(brand?.logo ?? '');
    expect(res.status).toBe(200);
  });

  it.each([
    '/media/catalog/products/nothing-here.svg',
    '/media/../../../etc/passwd',
    '/media/%2e%2e/%2e%2e/etc/passwd',
    '/media/',
  ])('%s is a 404', async (path) => {
    const res = await t.request(path);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('root:');
  });
});

describe('web pages', () => {
  it('renders the home page on the server from the database', async () => {
    const res = await t.request('/');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Home</title>');
    const [top] = await t.db
      .select({ name: products.name })
      .from(products)
      .where(isNotNull(products.lowestPricePaise))
      .orderBy(desc(products.unitsSold), products.id)
      .limit(1);
    const escape = (text: string) =>
      text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
    expect(html).toContain(escape(top?.name ?? 'missing'));
    expect(html).toContain('Best sellers');
  });

  it.each(['/no-such-page', '/pagenotfound', '/productdetails'])(
    '%s shows the 404 page with HTTP 404',
    async (path) => {
      const res = await t.request(path);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).toContain('Oops! Page Not Found');
      expect(html).toContain('Go to Home');
    },
  );
});

describe('routing rules', () => {
  it.each([
    ['/', 'Home'],
    ['/cart', 'Cart'],
    ['/login', 'Login'],
    ['/todaydeals', "Today's Deals"],
    ['/searchpage/kurta', 'Search'],
    ['/categorylist/c/Fashion', 'Fashion'],
    ['/policy/Shipping%20Policy', 'Shipping Policy'],
    ['/about', 'About'],
    ['/best-sellers-online/Mobiles', 'Best Sellers'],
    ['/registration', 'Registration'],
    ['/forgotpassword/priya', 'Forgot Password'],
    ['/brandregistry', 'Brand Registry'],
    ['/pagenotfound', 'Page Not Found'],
    ['/no-such-page', 'Bazaar'],
  ])('%s is titled %s', async (path, title) => {
    const html = await (await t.request(path)).text();
    expect(html).toContain(`<title>${title.replace("'", '&#x27;')}</title>`);
  });

  it.each([
    '/checkout',
    '/myorder',
    '/myprofile',
    '/settings',
    '/myaddress',
    '/returninprocess/contactseller',
    '/bankaccount?tab=2',
  ])('the login-required %s sends a visitor to /login and remembers where they were going', async (path) => {
    const res = await t.request(path, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
  });

  it.each(['/cart', '/buynow', '/login', '/coupons', '/seller', '/sellerdetails', '/privilegeclaim'])(
    'the public %s answers 200',
    async (path) => {
      expect((await t.request(path)).status).toBe(200);
    },
  );

  it('renders the header and footer from the database', async () => {
    const html = await (await t.request('/cart')).text();
    expect(html).toContain('href="/best-sellers-online/Luxury%20Beauty"');
    expect(html).toContain('href="/policy/privacy-notice"'); // requirements#operator-content: the page's address
    expect(html).toMatch(/<a href="\/seller"[^>]*>Sell on the marketplace<\/a>/); // requirements#seller-landing
    expect(html).not.toContain('href="/explore/Sell');
  });

  it('links the footer entries that have somewhere to go, and shows the rest as text, not as links', async () => {
    const html = await (await t.request('/cart')).text();
    const footer = /<footer[\s\S]*<\/footer>/.exec(html)?.[0] ?? '';
    for (const [name, href] of [
      ['Your Account', '/settings'],
      ['Returns &amp; Replacements', '/myorder'],
      ['Become a brand partner', '/brandregistry'],
      ['Supply to us', '/seller'],
      ['Advertise your products', '/sellercentral/ads'],
    ])
      expect(footer).toMatch(new RegExp(`<a href="${href}"[^>]*>${name}</a>`));
    for (const name of [
      'Affiliate program',
      'Become a service provider',
      'Chat for support',
      'iOS App',
      'Android App',
    ])
      expect(footer).toContain(`<span class="foot-plain">${name}</span>`);
    // every link goes somewhere real
    for (const [, href] of footer.matchAll(/<a href="([^"]+)"/g)) {
      const status = (await t.request(href ?? '')).status;
      expect([200, 302], href).toContain(status);
    }
  });

  it('serves the fingerprinted scripts and styles with immutable caching', async () => {
    const html = await (await t.request('/')).text();
    const script = /src="(\/assets\/[^"]+\.js)"|href="(\/assets\/[^"]+\.js)"/.exec(html);
    const path = script?.[1] ?? script?.[2] ?? '';
    expect(path).toMatch(/^\/assets\//);
    const res = await t.request(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toContain('javascript');
  });
});
