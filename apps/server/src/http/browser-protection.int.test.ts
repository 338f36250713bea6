import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/testing.ts';

let t: TestApp;
let priya: string;
beforeAll(async () => {
  t = await createTestApp({ messages: { outboxPage: true } });
  priya = await t.loginCookie('priya@example.com');
});
afterAll(() => t.close());

/** The directives of a Content-Security-Policy header, by name. */
function directives(policy: string | null): Record<string, string> {
  return Object.fromEntries(
    (policy ?? '')
      .split(';')
      .map((part): string[] => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name = '', ...sources]): [string, string] => [name, sources.join(' ')]),
  );
}
const nonceOf = (policy: string | null) => /'nonce-([A-Za-z0-9+/=]+)'/.exec(policy ?? '')?.[1];

describe('the Content-Security-Policy of HTML pages', () => {
  it('allows only the response’s own nonce for scripts and styles, and forbids framing, plugins and base changes', async () => {
    const res = await t.request('/', { headers: { cookie: priya } });
    expect(res.status).toBe(200);
    const policy = res.headers.get('content-security-policy');
    const csp = directives(policy);
    const nonce = nonceOf(policy);
    expect(nonce).toMatch(/^[A-Za-z0-9+/=]{22,}$/);
    expect(csp['default-src']).toBe("'self'");
    expect(csp['script-src']).toContain(`'nonce-${nonce}'`);
    expect(csp['script-src']).not.toContain('unsafe-inline');
    expect(csp['style-src']).toContain(`'nonce-${nonce}'`);
    expect(csp['img-src']).toContain("'self'");
    expect(csp['frame-src']).toBeDefined();
    expect(csp['frame-ancestors']).toBe("'none'");
    expect(csp['object-src']).toBe("'none'");
    expect(csp['base-uri']).toBe("'self'");
    // every script tag the page runs carries the nonce, so the browser runs it; structured data
    // (application/ld+json, requirements#seo) is a data block the browser never runs
    const page = await res.text();
    const tags = page.match(/<script\b[^>]*>/g) ?? [];
    const scripts = tags.filter((tag) => !tag.includes('type="application/ld+json"'));
    expect(scripts.length).toBeGreaterThan(0);
    expect(tags.length).toBeGreaterThan(scripts.length);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it('has a new nonce on every response', async () => {
    const [a, b] = await Promise.all([t.request('/'), t.request('/')]);
    const first = nonceOf(a.headers.get('content-security-policy'));
    expect(first).toBeDefined();
    expect(first).not.toBe(nonceOf(b.headers.get('content-security-policy')));
  });

  it.each([
    ['the not-found page', '/no-such-page'],
    ['the development outbox page', '/dev/outbox'],
    ['the API’s docs page', '/api/docs'],
  ])('covers %s, whose own script and style tags carry the nonce', async (_, path) => {
    const res = await t.request(path);
    const policy = res.headers.get('content-security-policy');
    const nonce = nonceOf(policy);
    expect(nonce).toBeDefined();
    expect(directives(policy)['frame-ancestors']).toBe("'none'");
    const tags = (await res.text()).match(/<(script|style)\b[^>]*>/g) ?? [];
    for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
  });
});

describe('other browser-protection headers', () => {
  it('sends Referrer-Policy and Permissions-Policy, and HSTS only over https', async () => {
    const plain = await t.request('/');
    expect(plain.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(plain.headers.get('permissions-policy')).toContain('camera=()');
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    const secure = await t.request('https://shop.example.in/');
    expect(secure.headers.get('strict-transport-security')).toMatch(/^max-age=31536000; includeSubDomains$/);
  });

  it.each(['/myorder', '/myprofile', '/neworderdetail?order=1', '/myorder.data', '/', '/cart'])(
    'a logged-in shopper’s %s is never stored by a cache',
    async (path) => {
      const res = await t.request(path, { headers: { cookie: priya } });
      expect(res.status).toBeLessThan(500);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
    },
  );
});
