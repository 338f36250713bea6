import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentPages } from '@marketplace/db';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { SHELL_TTL_MS } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('explore and policy pages', () => {
  it.each([
    ['Privacy Notice', 'privacy'],
    ['Conditions of Use', 'terms'],
    ['Shipping Policy', 'shipping'],
    ['Safety Warnings', 'warning'],
    ['Return and Refund Policy', 'refund'],
  ])('renders the policy %s with the %s icon', async (name, icon) => {
    const res = await t.request(`/policy/${encodeURIComponent(name)}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<h1>${name}</h1>`);
    expect(html).toContain(`data-icon="${icon}"`);
    expect(html).toContain(`<title>${name}</title>`); // requirements#page-titles
  });

  it('renders an explore page from the database, with headings and paragraphs, without an icon', async () => {
    const [page] = await t.db.select().from(contentPages).where(eq(contentPages.section, 'explore')).limit(1);
    const res = await t.request(`/explore/${encodeURIComponent(page?.name ?? '')}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<h1>${page?.name}</h1>`);
    expect(html).not.toContain('data-icon=');
    expect((html.match(/<p>/g) ?? []).length).toBeGreaterThan(1);
  });

  it('finds a page whatever the case of its name', async () => {
    expect((await t.request('/policy/privacy%20notice')).status).toBe(200);
  });

  it.each([
    '/policy/No%20Such%20Policy',
    '/explore/Privacy%20Notice',
    `/policy/${'x'.repeat(5_000)}`,
    '/policy/%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  ])('%s is a 404 page', async (path) => {
    const res = await t.request(path);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('Oops! Page Not Found');
    expect(html).not.toContain('<script>alert(1)');
  });

  it('finds a page by its address as well as by its title', async () => {
    const res = await t.request('/policy/return-and-refund-policy');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('data-icon="refund"');
  });

  it('keeps the menus and footer for at most a minute: operators’ edits show within it (requirements#operator-content)', () => {
    expect(SHELL_TTL_MS).toBeLessThanOrEqual(60_000);
  });

  it('hides an unpublished page (requirements#operator-content)', async () => {
    expect((await t.request('/explore/festive-season-deliveries')).status).toBe(404);
  });

  it('renders stored HTML cleaned to the allow-list: no script can run from page content', async () => {
    await t.db
      .update(contentPages)
      .set({
        body: '<h2>Offers <b>today</b></h2><script>window.pwned = 1</script><p><img src=x onerror="window.pwned = 2">Shop</p>',
      })
      .where(eq(contentPages.name, 'Safety Warnings'));
    const html = await (await t.request('/policy/Safety%20Warnings')).text();
    expect(html).toContain('<h2>Offers <b>today</b></h2>');
    expect(html).toContain('<p>Shop</p>');
    expect(html).not.toContain('window.pwned');
    expect(html).not.toMatch(/<img src=x/i);
  });
});
