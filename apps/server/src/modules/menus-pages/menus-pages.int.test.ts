import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, contentPages, footerMenuItems, topMenuItems } from '@marketplace/db';
import {
  CONTENT_MESSAGES,
  type ContentMenus,
  type PageChanged,
} from '@marketplace/domain/admin/menus-pages-api';
import type { AuditAction } from '@marketplace/domain/admin/staff-api';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { verifiedStaff } from '../../../test-support/staff.ts';

// requirements#operator-content
let t: TestApp;
let owner: string;
let marketing: string;
const SHOPPER = 'priya@example.com';
const SELLER = 'dakshin-mart@sellers.example.com';
const MENUS = '/api/admin/content/menus';
const PAGES = '/api/admin/content/pages';

beforeAll(async () => {
  // the storefront's menus are read afresh on every page here; its own keeping is tested below
  t = await createTestApp({ keepPageLookupsMs: 0 });
  owner = (await verifiedStaff(t, 'owner@staff.example.com', 'owner')).cookie;
  marketing = (await verifiedStaff(t, 'meera@staff.example.com', 'marketing')).cookie;
});
afterAll(() => t.close());

const send = (method: string, path: string, cookie: string | undefined, body?: unknown) =>
  t.request(path, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
const menus = async () => (await (await send('GET', MENUS, marketing)).json()) as ContentMenus;
const page = async (path: string) => {
  const res = await t.request(path);
  return { status: res.status, html: await res.text() };
};
const lastAudit = async (action: AuditAction) => {
  const [entry] = await t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return entry;
};
/** The footer's HTML of a storefront page. */
const footerOf = (html: string) => html.slice(html.indexOf('<footer'));
const headerOf = (html: string) => html.slice(0, html.indexOf('</header>'));

describe('who reaches menus and pages', () => {
  const endpoints: [string, string, unknown?][] = [
    ['GET', MENUS],
    ['POST', `${MENUS}/top`, { label: 'Probe', link: '/deals' }],
    ['PUT', `${MENUS}/top/1`, { label: 'Probe', link: '/deals' }],
    ['POST', `${MENUS}/footer`, { section: 'support', label: 'Probe' }],
    ['PUT', `${MENUS}/footer/1`, { section: 'support', label: 'Probe' }],
    ['POST', `${MENUS}/top/1/move`, { direction: 'down' }],
    ['DELETE', `${MENUS}/footer/1`],
    ['GET', PAGES],
    ['GET', `${PAGES}/1`],
    ['POST', PAGES, { title: 'Probe', slug: 'probe', kind: 'explore', body: '' }],
    ['PUT', `${PAGES}/1`, { title: 'Probe', slug: 'probe', kind: 'explore', body: '' }],
    ['PUT', `${PAGES}/1/publication`, { isPublished: true }],
  ];

  it('answers a visitor 401, a shopper, a seller and staff without the content area 403', async () => {
    const refused = [
      await t.loginCookie(SHOPPER),
      await t.loginCookie(SELLER),
      (await verifiedStaff(t, 'cat@staff.example.com', 'catalog')).cookie,
      (await verifiedStaff(t, 'sup@staff.example.com', 'support')).cookie,
      (await verifiedStaff(t, 'fin@staff.example.com', 'finance')).cookie,
    ];
    for (const [method, path, body] of endpoints) {
      expect((await send(method, path, undefined, body)).status, `${method} ${path}`).toBe(401);
      for (const cookie of refused)
        expect((await send(method, path, cookie, body)).status, `${method} ${path}`).toBe(403);
    }
    // nothing changed behind the refusals
    expect((await menus()).topMenu.some((entry) => entry.label === 'Probe')).toBe(false);
  });

  it('lets owners and marketing staff read both menus and the pages, drafts included', async () => {
    for (const cookie of [owner, marketing]) {
      expect((await send('GET', MENUS, cookie)).status).toBe(200);
      const list = (await (await send('GET', PAGES, cookie)).json()) as {
        pages: { title: string; isPublished: boolean }[];
      };
      expect(list.pages.find((p) => p.title === 'Festive Season Deliveries')?.isPublished).toBe(false);
      expect(list.pages.find((p) => p.title === 'Privacy Notice')?.isPublished).toBe(true);
    }
  });
});

describe('the top menu', () => {
  it('lists the entries in the header’s order, each with where it leads', async () => {
    const { topMenu } = await menus();
    expect(topMenu.length).toBeGreaterThan(3);
    expect(topMenu[0]).toMatchObject({ label: 'Mobiles', link: null, href: '/best-sellers-online/Mobiles' });
    const { html } = await page('/');
    const header = headerOf(html);
    const positions = topMenu.map((entry) => header.indexOf(`>${entry.label.replace('&', '&amp;')}</a>`));
    expect(positions.every((at) => at > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('adds an entry with a link, shows it in the header at once, and audits it', async () => {
    const res = await send('POST', `${MENUS}/top`, marketing, { label: 'Lightning Deals', link: '/deals' });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: number };
    const { topMenu } = await menus();
    expect(topMenu.at(-1)).toMatchObject({ id, label: 'Lightning Deals', link: '/deals', href: '/deals' });
    expect(headerOf((await page('/')).html)).toContain('href="/deals"');
    const entry = await lastAudit('menu.add');
    expect(entry).toMatchObject({
      actor: 'meera@staff.example.com',
      targetType: 'top_menu_item',
      targetId: String(id),
    });
    expect(entry?.before).toBeNull();
    expect(entry?.after).toEqual({ label: 'Lightning Deals', link: '/deals', categoryId: null });
  });

  it('changes an entry’s label and link, with before and after in the log', async () => {
    const [first] = (await menus()).topMenu;
    const res = await send('PUT', `${MENUS}/top/${first?.id}`, owner, {
      label: 'Phones',
      link: 'https://help.example.com/phones',
      categoryId: first?.categoryId,
    });
    expect(res.status).toBe(200);
    const entry = await lastAudit('menu.edit');
    expect(entry?.before).toEqual({ label: 'Mobiles', link: null, categoryId: first?.categoryId });
    expect(entry?.after).toEqual({
      label: 'Phones',
      link: 'https://help.example.com/phones',
      categoryId: first?.categoryId,
    });
    expect(headerOf((await page('/')).html)).toContain('href="https://help.example.com/phones"');
    // back as it was, for the tests after
    await send('PUT', `${MENUS}/top/${first?.id}`, owner, {
      label: 'Mobiles',
      link: '',
      categoryId: first?.categoryId,
    });
  });

  it('refuses a label another entry has (in any case) with 409', async () => {
    const res = await send('POST', `${MENUS}/top`, marketing, { label: 'fashion', link: '/deals' });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toMatchObject({
      message: CONTENT_MESSAGES.labelTaken,
      fields: { label: CONTENT_MESSAGES.labelTaken },
    });
  });

  it.each([
    ['a javascript: link', { label: 'X1', link: 'javascript:alert(1)' }, 'link'],
    ['a data: link', { label: 'X2', link: 'data:text/html,hi' }, 'link'],
    ['a protocol-relative link', { label: 'X3', link: '//evil.example' }, 'link'],
    ['an http link', { label: 'X4', link: 'http://example.com' }, 'link'],
    ['neither a link nor a category', { label: 'X5', link: '' }, 'link'],
    ['a missing label', { link: '/deals' }, 'label'],
    ['an oversized label', { label: 'x'.repeat(5_000), link: '/deals' }, 'label'],
    ['a NUL byte in the label', { label: 'Dea\u0000ls', link: '/deals' }, 'label'],
    ['an oversized link', { label: 'X6', link: `/${'a'.repeat(5_000)}` }, 'link'],
    ['a malformed category', { label: 'X7', categoryId: 'abc' }, 'categoryId'],
    // requirements#link-picker: what a picked link may never carry
    ['an encoded NUL byte in the link', { label: 'X8', link: '/searchpage/a%00b' }, 'link'],
    ['an encoded line break in the link', { label: 'X9', link: '/searchpage/a%0Ab' }, 'link'],
    ['broken percent-encoding in the link', { label: 'X10', link: '/searchpage/%E0%A4%A' }, 'link'],
    ['a raw NUL byte in the link', { label: 'X11', link: '/deals\u0000' }, 'link'],
  ])('refuses %s with 400', async (_what, body, field) => {
    const res = await send('POST', `${MENUS}/top`, marketing, body);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields?.[field]).toBeTruthy();
  });

  it('keeps each kind of link the picker makes, and the header leads there (requirements#link-picker)', async () => {
    const picked = [
      '/todaydeals',
      '/categorylist/c/Men%E2%80%99s%20Fashion',
      '/brand/Samsung',
      '/productdetails/2001',
      '/policy/returns',
      `/searchpage/${encodeURIComponent('red shoes & bags')}`,
    ];
    for (const [index, link] of picked.entries()) {
      const res = await send('POST', `${MENUS}/top`, marketing, { label: `Picked ${index}`, link });
      expect(res.status, link).toBe(200);
      const { id } = (await res.json()) as { id: number };
      expect((await menus()).topMenu.find((entry) => entry.id === id)?.href).toBe(link);
      expect((await send('DELETE', `${MENUS}/top/${id}`, marketing)).status).toBe(200);
    }
  });

  it('refuses a category that does not exist with 422, malformed JSON with 400, a missing entry with 404', async () => {
    expect(
      (await send('POST', `${MENUS}/top`, marketing, { label: 'Ghost', categoryId: 2_000_000 })).status,
    ).toBe(422);
    expect((await send('POST', `${MENUS}/top`, marketing, '{"label": "Broken"')).status).toBe(400);
    expect((await send('PUT', `${MENUS}/top/999999`, marketing, { label: 'Gone', link: '/x' })).status).toBe(
      404,
    );
    expect((await send('DELETE', `${MENUS}/top/999999`, marketing)).status).toBe(404);
    for (const id of ['abc', '0', '-1', '1.5', '%ZZ', '99999999999999'])
      expect((await send('DELETE', `${MENUS}/top/${id}`, marketing)).status, id).toBe(400);
    expect((await send('DELETE', `${MENUS}/side/1`, marketing)).status).toBe(400);
  });

  it('moves an entry up and down; the header follows; the ends stay put', async () => {
    const before = (await menus()).topMenu.map((entry) => entry.id);
    const [first, second] = before;
    expect((await send('POST', `${MENUS}/top/${second}/move`, marketing, { direction: 'up' })).status).toBe(
      200,
    );
    const after = (await menus()).topMenu.map((entry) => entry.id);
    expect(after.slice(0, 2)).toEqual([second, first]);
    expect(after.slice(2)).toEqual(before.slice(2));
    const entry = await lastAudit('menu.move');
    expect(entry?.before).toEqual({ order: before });
    expect(entry?.after).toEqual({ order: after });
    const header = headerOf((await page('/')).html);
    const labels = (await menus()).topMenu.slice(0, 2).map((e) => header.indexOf(`>${e.label}</a>`));
    expect(labels[0]).toBeLessThan(labels[1] ?? 0);
    // the first entry cannot go further up
    expect((await send('POST', `${MENUS}/top/${second}/move`, marketing, { direction: 'up' })).status).toBe(
      200,
    );
    expect((await menus()).topMenu.map((e) => e.id)).toEqual(after);
    expect((await send('POST', `${MENUS}/top/${second}/move`, marketing, { direction: 'down' })).status).toBe(
      200,
    );
    expect((await menus()).topMenu.map((e) => e.id)).toEqual(before);
    expect(
      (await send('POST', `${MENUS}/top/${second}/move`, marketing, { direction: 'sideways' })).status,
    ).toBe(400);
  });

  it('removes an entry: gone from the header, the log keeps what it was', async () => {
    const added = (await (
      await send('POST', `${MENUS}/top`, marketing, { label: 'Short Lived', link: '/deals?x=1' })
    ).json()) as { id: number };
    expect(headerOf((await page('/')).html)).toContain('Short Lived');
    expect((await send('DELETE', `${MENUS}/top/${added.id}`, marketing)).status).toBe(200);
    expect(headerOf((await page('/')).html)).not.toContain('Short Lived');
    const entry = await lastAudit('menu.remove');
    expect(entry?.before).toEqual({ label: 'Short Lived', link: '/deals?x=1', categoryId: null });
    expect(entry?.after).toBeNull();
  });
});

describe('explore and policy pages', () => {
  const newPage = (slug: string, body = '<p>Hello</p>') => ({
    title: `Page ${slug}`,
    slug,
    kind: 'policy',
    body,
  });

  it('creates a draft with its HTML cleaned; shoppers see it only once published', async () => {
    const res = await send('POST', PAGES, marketing, {
      title: 'Warranty Policy',
      slug: 'warranty-policy',
      kind: 'policy',
      body: '<h2>Cover</h2><p>One <strong>year</strong> <script>alert(1)</script></p><ul><li>Parts</li></ul><p><a href="javascript:alert(1)">x</a> <a href="https://example.com/warranty">terms</a></p><img src=x onerror=alert(1)>',
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as PageChanged;
    expect(created.page).toMatchObject({ isPublished: false, href: '/policy/warranty-policy' });
    expect(created.page.body).toBe(
      '<h2>Cover</h2><p>One <strong>year</strong> </p><ul><li>Parts</li></ul><p><a rel="noopener noreferrer">x</a> <a href="https://example.com/warranty" rel="noopener noreferrer" target="_blank">terms</a></p>',
    );
    const audit = await lastAudit('page.create');
    expect(audit?.after).toMatchObject({
      title: 'Warranty Policy',
      slug: 'warranty-policy',
      isPublished: false,
      body: created.page.body,
    });

    expect((await page('/policy/warranty-policy')).status).toBe(404);
    const published = await send('PUT', `${PAGES}/${created.page.id}/publication`, marketing, {
      isPublished: true,
    });
    expect(published.status).toBe(200);
    expect((await lastAudit('page.publish'))?.after).toEqual({ isPublished: true });
    const shown = await page('/policy/warranty-policy');
    expect(shown.status).toBe(200);
    expect(shown.html).toContain('<h1>Warranty Policy</h1>');
    expect(shown.html).toContain('<p>One <strong>year</strong> </p><ul><li>Parts</li></ul>');
    expect(shown.html).not.toContain('alert(1)');

    expect(
      (await send('PUT', `${PAGES}/${created.page.id}/publication`, marketing, { isPublished: false }))
        .status,
    ).toBe(200);
    expect((await lastAudit('page.unpublish'))?.before).toEqual({ isPublished: true });
    expect((await page('/policy/warranty-policy')).status).toBe(404);
  });

  it('edits a page: the HTML before and after is in the log, the storefront shows the new text', async () => {
    const [privacy] = await t.db.select().from(contentPages).where(eq(contentPages.slug, 'privacy-notice'));
    const res = await send('PUT', `${PAGES}/${privacy?.id}`, owner, {
      title: 'Privacy Notice',
      slug: 'privacy-notice',
      kind: 'policy',
      body: '<p style="color:red" onclick="steal()">We keep <em>little</em>.</p><iframe src="https://evil.example"></iframe>',
    });
    expect(res.status).toBe(200);
    const audit = await lastAudit('page.edit');
    expect((audit?.before as { body: string }).body).toBe(privacy?.body);
    expect((audit?.after as { body: string }).body).toBe('<p>We keep <em>little</em>.</p>');
    const shown = await page('/policy/privacy-notice');
    expect(shown.html).toContain('<p>We keep <em>little</em>.</p>');
    expect(shown.html).toContain('data-icon="privacy"');
  });

  it('cleans stored HTML again when rendering it', async () => {
    await t.db
      .update(contentPages)
      .set({
        body: '<p>Safe</p><script>window.pwned = 1</script><img src=x onerror="window.pwned = 2"><a href="javascript:alert(1)">x</a>',
      })
      .where(eq(contentPages.slug, 'safety-warnings'));
    const { html } = await page('/policy/safety-warnings');
    expect(html).toContain('<p>Safe</p>');
    expect(html).not.toContain('window.pwned');
    expect(html).not.toContain('javascript:alert');
    const [stored] = await t.db
      .select({ id: contentPages.id })
      .from(contentPages)
      .where(eq(contentPages.slug, 'safety-warnings'));
    const detail = (await (await send('GET', `${PAGES}/${stored?.id}`, marketing)).json()) as {
      body: string;
    };
    expect(detail.body).not.toContain('pwned');
  });

  it('answers two creations of one address at once with one 201 and one 409', async () => {
    const answers = await Promise.all([
      send('POST', PAGES, marketing, newPage('same-time')),
      send('POST', PAGES, owner, { ...newPage('same-time'), title: 'Other title' }),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
    const conflict = answers.find((res) => res.status === 409);
    expect((await errorOf(conflict ?? new Response('{}'))).message).toBe(CONTENT_MESSAGES.slugTaken);
    const rows = await t.db.select().from(contentPages).where(eq(contentPages.slug, 'same-time'));
    expect(rows).toHaveLength(1);
  });

  it('refuses an address another page of its kind has, on create and on edit, but not one of the other kind', async () => {
    expect((await send('POST', PAGES, marketing, newPage('shipping-policy'))).status).toBe(409);
    expect(
      (await send('POST', PAGES, marketing, { ...newPage('shipping-policy'), kind: 'explore' })).status,
    ).toBe(201);
    const [about] = await t.db.select().from(contentPages).where(eq(contentPages.slug, 'about-us'));
    const res = await send('PUT', `${PAGES}/${about?.id}`, marketing, {
      title: 'About Us',
      slug: 'careers',
      kind: 'explore',
      body: '',
    });
    expect(res.status).toBe(409);
    expect((await errorOf(res)).fields?.slug).toBe(CONTENT_MESSAGES.slugTaken);
    const title = await send('POST', PAGES, marketing, {
      title: 'careers',
      slug: 'careers-2',
      kind: 'explore',
      body: '',
    });
    expect(title.status).toBe(409);
    expect((await errorOf(title)).message).toBe(CONTENT_MESSAGES.titleTaken);
  });

  it.each([
    ['an address with capitals', { title: 'T', slug: 'Bad-Slug', kind: 'policy' }, 'slug'],
    ['an address with a slash', { title: 'T', slug: 'a/b', kind: 'policy' }, 'slug'],
    ['an unknown kind', { title: 'T', slug: 'ok', kind: 'home' }, 'kind'],
    ['a missing title', { slug: 'ok', kind: 'policy' }, 'title'],
    ['a NUL byte in the title', { title: 'a\u0000b', slug: 'ok', kind: 'policy' }, 'title'],
    ['an oversized body', { title: 'T', slug: 'ok', kind: 'policy', body: 'x'.repeat(200_001) }, 'body'],
  ])('refuses %s with 400', async (_what, body, field) => {
    const res = await send('POST', PAGES, marketing, body);
    expect(res.status).toBe(400);
    expect((await errorOf(res)).fields?.[field]).toBeTruthy();
  });

  it('answers a missing page 404 and a malformed id 400', async () => {
    expect((await send('GET', `${PAGES}/999999`, marketing)).status).toBe(404);
    expect((await send('PUT', `${PAGES}/999999/publication`, marketing, { isPublished: true })).status).toBe(
      404,
    );
    expect((await send('GET', `${PAGES}/%E0%A4%A`, marketing)).status).toBe(400);
    expect((await send('PUT', `${PAGES}/1/publication`, marketing, { isPublished: 'yes' })).status).toBe(400);
  });
});

describe('the footer', () => {
  it('adds a link to a page at the end of its column; the footer shows it, and hides it while the page is a draft', async () => {
    const created = (await (
      await send('POST', PAGES, marketing, {
        title: 'Gift Wrapping',
        slug: 'gift-wrapping',
        kind: 'explore',
        body: '<p>Wrapped.</p>',
      })
    ).json()) as PageChanged;
    const res = await send('POST', `${MENUS}/footer`, marketing, {
      section: 'explore',
      label: 'Gift Wrapping',
      pageId: created.page.id,
    });
    expect(res.status).toBe(200);
    const { id } = (await res.json()) as { id: number };
    const column = (await menus()).footer.filter((entry) => entry.section === 'explore');
    expect(column.at(-1)).toMatchObject({ id, pageTitle: 'Gift Wrapping', href: '/explore/gift-wrapping' });
    // a draft's entry is plain text
    expect(footerOf((await page('/')).html)).not.toContain('href="/explore/gift-wrapping"');
    await send('PUT', `${PAGES}/${created.page.id}/publication`, marketing, { isPublished: true });
    expect(footerOf((await page('/')).html)).toContain('href="/explore/gift-wrapping"');
    expect((await lastAudit('menu.add'))?.after).toEqual({
      section: 'explore',
      label: 'Gift Wrapping',
      link: null,
      pageId: created.page.id,
    });
  });

  it('changes an entry to an https link and moves it to another column, last there', async () => {
    const [entry] = await t.db
      .select()
      .from(footerMenuItems)
      .where(and(eq(footerMenuItems.section, 'support')))
      .limit(1);
    const res = await send('PUT', `${MENUS}/footer/${entry?.id}`, marketing, {
      section: 'profits',
      label: 'Help centre',
      link: 'https://help.example.com/',
    });
    expect(res.status).toBe(200);
    const profits = (await menus()).footer.filter((e) => e.section === 'profits');
    expect(profits.at(-1)).toMatchObject({
      id: entry?.id,
      label: 'Help centre',
      href: 'https://help.example.com/',
    });
    expect(footerOf((await page('/')).html)).toContain('href="https://help.example.com/"');
    const audit = await lastAudit('menu.edit');
    expect(audit?.before).toEqual({
      section: 'support',
      label: entry?.name,
      link: entry?.link ?? null,
      pageId: entry?.pageId ?? null,
    });
  });

  it('refuses a page and a link together, an unknown column, a page that does not exist', async () => {
    expect(
      (
        await send('POST', `${MENUS}/footer`, marketing, {
          section: 'policy',
          label: 'Both',
          link: '/x',
          pageId: 1,
        })
      ).status,
    ).toBe(400);
    expect((await send('POST', `${MENUS}/footer`, marketing, { section: 'legal', label: 'X' })).status).toBe(
      400,
    );
    expect(
      (
        await send('POST', `${MENUS}/footer`, marketing, {
          section: 'policy',
          label: 'Ghost',
          pageId: 2_000_000,
        })
      ).status,
    ).toBe(422);
  });

  it('moves an entry within its own column only', async () => {
    const policy = (await menus()).footer.filter((e) => e.section === 'policy').map((e) => e.id);
    const last = policy.at(-1);
    await send('POST', `${MENUS}/footer/${last}/move`, marketing, { direction: 'up' });
    const after = (await menus()).footer.filter((e) => e.section === 'policy').map((e) => e.id);
    expect(after).toEqual([...policy.slice(0, -2), last, policy.at(-2)]);
    expect((await lastAudit('menu.move'))?.after).toEqual({ order: after, section: 'policy' });
  });

  it('the top menu entries’ rows hold no category for a link of their own', async () => {
    const [row] = await t.db.select().from(topMenuItems).where(eq(topMenuItems.name, 'Lightning Deals'));
    expect(row).toMatchObject({ categoryId: null, link: '/deals' });
    // an entry with a link of its own has no best-sellers page
    expect((await page('/best-sellers-online/Lightning%20Deals')).status).toBe(404);
  });
});
