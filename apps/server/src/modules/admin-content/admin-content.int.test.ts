import { and, desc, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, banners, contentRows, products, siteTexts } from '@marketplace/db';
import { STAFF_ROLES, canReach } from '@marketplace/domain/admin/console';
import {
  AdminBanner,
  AdminContentPage,
  AdminPrivilegeClaim,
  ContentPreview,
  ContentSaved,
} from '@marketplace/domain/admin/content-api';
import { CONTENT_MESSAGES } from '@marketplace/domain/admin/content';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { verifiedStaff } from '../../../test-support/staff.ts';

// requirements#operator-content
let t: TestApp;
let marketing = '';
let owner = '';
const SHOPPER = 'priya@example.com';
const SELLER = 'dakshin-mart@sellers.example.com';

beforeAll(async () => {
  t = await createTestApp();
  marketing = (await verifiedStaff(t, 'content-marketing@staff.example.com', 'marketing')).cookie;
  owner = (await verifiedStaff(t, 'content-owner@staff.example.com', 'owner')).cookie;
});
afterAll(() => t.close());

const send = (method: string, path: string, body: unknown, cookie = marketing) =>
  t.request(path, {
    method,
    headers: { 'content-type': 'application/json', cookie },
    ...(method === 'GET' ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
const get = (path: string, cookie = marketing) => t.request(path, { headers: cookie ? { cookie } : {} });
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

async function homePage() {
  const res = await get('/api/admin/content/blocks');
  expect(res.status).toBe(200);
  return AdminContentPage.parse(await res.json());
}

async function someProductIds(n: number) {
  const rows = await t.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.isActive, true))
    .orderBy(products.id)
    .limit(n);
  return rows.map((r) => r.id);
}

async function lastAudit(action: string) {
  const [entry] = await t.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return entry;
}

const contentColumn = (text: string, span = 12) => ({
  span,
  header: 'Why shop with us',
  displayCount: 1,
  block: { type: 'content', text, link: '/todaydeals' },
});

describe('who reaches storefront content', () => {
  const endpoints: [string, string, unknown?][] = [
    ['GET', '/api/admin/content/blocks'],
    [
      'POST',
      '/api/admin/content/rows',
      { categoryId: null, title: 'x', showTitle: true, contentType: 'Home' },
    ],
    ['PUT', '/api/admin/content/columns/1', contentColumn('x')],
    [
      'POST',
      '/api/admin/content/preview',
      {
        categoryId: null,
        rowId: null,
        row: { title: 'x', showTitle: true, contentType: 'Home' },
        column: null,
      },
    ],
    ['GET', '/api/admin/content/banners'],
    [
      'PUT',
      '/api/admin/content/banners/1',
      { altText: 'x', link: '', startsAt: '', endsAt: '', isActive: 'on' },
    ],
    ['GET', '/api/admin/content/privilege-claim'],
    ['PUT', '/api/admin/content/privilege-claim', { text: 'x', video: '' }],
  ];

  it('answers a visitor 401, shoppers and sellers 403', async () => {
    const shopper = await t.loginCookie(SHOPPER);
    const seller = await t.loginCookie(SELLER);
    for (const [method, path, body] of endpoints) {
      expect((await send(method, path, body ?? '', '')).status, `${method} ${path}`).toBe(401);
      expect((await send(method, path, body, shopper)).status, `${method} ${path}`).toBe(403);
      expect((await send(method, path, body, seller)).status, `${method} ${path}`).toBe(403);
    }
  });

  it('refuses every role but owner and marketing', async () => {
    for (const role of STAFF_ROLES) {
      const { cookie } = await verifiedStaff(t, `content-${role}-probe@staff.example.com`, role);
      for (const [, path] of endpoints.filter(([m]) => m === 'GET')) {
        const res = await get(path, cookie);
        expect(res.status, `${role} ${path}`).toBe(canReach(role, 'content') ? 200 : 403);
      }
      if (!canReach(role, 'content'))
        expect(
          (await send('PUT', '/api/admin/content/privilege-claim', { text: 'x', video: '' }, cookie)).status,
        ).toBe(403);
    }
  });
});

describe('page blocks', () => {
  it('lists the home page’s rows with every column and item, and a category page’s', async () => {
    const page = await homePage();
    expect(page.page).toEqual({ categoryId: null, name: 'Home page', href: '/' });
    expect(page.rows.map((r) => r.title)).toContain('Why shop with us');
    const withRows = page.categories.find((c) => c.rowCount > 0);
    expect(withRows).toBeDefined();
    const res = await get(`/api/admin/content/blocks?categoryId=${withRows?.id}`);
    const category = AdminContentPage.parse(await res.json());
    expect(category.page.name).toBe(withRows?.name);
    expect(category.rows[0]?.contentType).toBe('Category');
    expect((await get('/api/admin/content/blocks?categoryId=999999')).status).toBe(404);
    for (const bad of ['abc', '-1', '0', '1.5', '%00', '%E0%A4'])
      expect((await get(`/api/admin/content/blocks?categoryId=${bad}`)).status, bad).toBe(400);
  });

  it('edits a content block: the storefront’s home page shows it, and the audit has before and after', async () => {
    const page = await homePage();
    const row = page.rows.find((r) => r.title === 'Why shop with us');
    const column = row?.columns[0];
    expect(column?.displayType).toBe('content');
    const res = await send(
      'PUT',
      `/api/admin/content/columns/${column?.id}`,
      contentColumn('Sellers from every state, one cart.'),
    );
    expect(res.status).toBe(200);
    expect(ContentSaved.parse(await res.json()).id).toBe(column?.id);
    const home = await t.request('/');
    const html = await home.text();
    expect(html).toContain('Sellers from every state, one cart.');
    const audit = await lastAudit('content.block');
    expect(audit?.actor).toBe('content-marketing@staff.example.com');
    expect(JSON.stringify(audit?.before)).toContain(column?.items[0]?.content ?? 'missing');
    expect(JSON.stringify(audit?.after)).toContain('Sellers from every state, one cart.');
  });

  it('adds a row with a product block, previews a change, publishes it and reorders and removes', async () => {
    const ids = await someProductIds(6);
    const added = await send('POST', '/api/admin/content/rows', {
      categoryId: null,
      title: 'Staff picks',
      showTitle: true,
      contentType: 'Home',
    });
    expect(added.status).toBe(201);
    const rowId = ContentSaved.parse(await added.json()).id;
    expect((await lastAudit('content.row'))?.after).toMatchObject({ title: 'Staff picks', page: 'home' });

    const product = {
      span: 8,
      header: 'Picked for you',
      displayCount: 4,
      block: { type: 'product', productIds: ids.slice(0, 4), rule: null },
    };
    const column = await send('POST', `/api/admin/content/rows/${rowId}/columns`, product);
    expect(column.status).toBe(201);
    const columnId = ContentSaved.parse(await column.json()).id;

    // the preview shows the draft with its cards; nothing is saved
    const preview = await send('POST', '/api/admin/content/preview', {
      categoryId: null,
      rowId,
      row: { title: 'Staff picks', showTitle: true, contentType: 'Home' },
      column: {
        id: columnId,
        input: { ...product, block: { ...product.block, productIds: ids.slice(2, 6) } },
      },
    });
    expect(preview.status).toBe(200);
    const drafted = ContentPreview.parse(await preview.json());
    const draftRow = drafted.blocks.find((b) => b.id === rowId);
    expect(draftRow?.columns[0]?.items.map((i) => (i.displayType === 'product' ? i.product.id : 0))).toEqual(
      ids.slice(2, 6),
    );
    const stored = (await homePage()).rows.find((r) => r.id === rowId);
    expect(stored?.columns[0]?.items.map((i) => i.productId)).toEqual(ids.slice(0, 4));

    // a new block beside it: 8 + 5 passes 12
    const tooWide = await send('POST', `/api/admin/content/rows/${rowId}/columns`, contentColumn('Hello', 5));
    expect(tooWide.status).toBe(400);
    expect((await errorOf(tooWide)).fields?.span).toBe(CONTENT_MESSAGES.rowFull(8));
    const fits = await send('POST', `/api/admin/content/rows/${rowId}/columns`, contentColumn('Hello', 4));
    expect(fits.status).toBe(201);
    const secondId = ContentSaved.parse(await fits.json()).id;
    expect(
      (await send('POST', `/api/admin/content/columns/${secondId}/move`, { direction: 'up' })).status,
    ).toBe(200);
    const moved = (await homePage()).rows.find((r) => r.id === rowId);
    expect(moved?.columns.map((c) => c.id)).toEqual([secondId, columnId]);
    expect(
      (await send('POST', `/api/admin/content/columns/${secondId}/move`, { direction: 'up' })).status,
    ).toBe(400);

    // rows move on their page
    const before = (await homePage()).rows.map((r) => r.id);
    expect(before.at(-1)).toBe(rowId);
    expect((await send('POST', `/api/admin/content/rows/${rowId}/move`, { direction: 'up' })).status).toBe(
      200,
    );
    const after = (await homePage()).rows.map((r) => r.id);
    expect(after.at(-2)).toBe(rowId);
    expect((await lastAudit('content.row'))?.after).toEqual({ order: after });

    expect((await send('DELETE', `/api/admin/content/columns/${secondId}`, '')).status).toBe(200);
    expect((await lastAudit('content.block'))?.after).toBeNull();
    expect((await send('DELETE', `/api/admin/content/rows/${rowId}`, '')).status).toBe(200);
    expect((await homePage()).rows.some((r) => r.id === rowId)).toBe(false);
    expect((await send('DELETE', `/api/admin/content/rows/${rowId}`, '')).status).toBe(404);
  });

  it('fills a product block from a category’s best sellers', async () => {
    const page = await homePage();
    const category = page.categories.find((c) => c.level === 1);
    const row = page.rows.find((r) => r.contentType === 'Home');
    const res = await send('POST', `/api/admin/content/preview`, {
      categoryId: null,
      rowId: row?.id,
      row: { title: row?.title, showTitle: true, contentType: 'Home' },
      column: {
        id: null,
        input: {
          span: 1,
          header: '',
          displayCount: 4,
          block: { type: 'product', productIds: [], rule: { categoryId: category?.id, count: 5 } },
        },
      },
    });
    // the row is full (12), so the new block is refused with the width message
    expect(res.status).toBe(400);
    const empty = await send('POST', '/api/admin/content/preview', {
      categoryId: null,
      rowId: null,
      row: { title: 'Best of', showTitle: true, contentType: 'Home' },
      column: {
        id: null,
        input: {
          span: 12,
          header: '',
          displayCount: 4,
          block: { type: 'product', productIds: [], rule: { categoryId: category?.id, count: 5 } },
        },
      },
    });
    expect(empty.status).toBe(200);
    const preview = ContentPreview.parse(await empty.json());
    expect(preview.blocks.at(-1)?.columns[0]?.items).toHaveLength(5);
  });

  it('refuses bad blocks with a clear message and never a 500', async () => {
    const row = (await homePage()).rows.find((r) => r.title === 'Why shop with us');
    const columnId = row?.columns[0]?.id;
    const put = (body: unknown) => send('PUT', `/api/admin/content/columns/${columnId}`, body);
    const cases: [string, unknown, string, string][] = [
      ['span 0', { ...contentColumn('x'), span: 0 }, 'span', CONTENT_MESSAGES.spanRange],
      ['span 13', { ...contentColumn('x'), span: 13 }, 'span', CONTENT_MESSAGES.spanRange],
      ['span 2.5', { ...contentColumn('x'), span: 2.5 }, 'span', CONTENT_MESSAGES.spanRange],
      [
        'javascript link',
        { ...contentColumn('x'), block: { type: 'content', text: 'x', link: 'javascript:alert(1)' } },
        'block',
        CONTENT_MESSAGES.link,
      ],
      [
        'protocol-relative link',
        { ...contentColumn('x'), block: { type: 'content', text: 'x', link: '//evil.example' } },
        'block',
        CONTENT_MESSAGES.link,
      ],
      ['html text', contentColumn('<img src=x onerror=alert(1)>'), 'block', CONTENT_MESSAGES.html],
      [
        'oversized text',
        contentColumn('a'.repeat(1001)),
        'block',
        CONTENT_MESSAGES.tooLong('The text', 1000),
      ],
      ['empty text', contentColumn('   '), 'block', CONTENT_MESSAGES.noText],
      [
        'no type',
        { ...contentColumn('x'), block: { type: 'carousel' } },
        'block',
        'Choose what the block shows: products, banners, a video or content.',
      ],
      [
        'video by data URL',
        { ...contentColumn('x'), block: { type: 'video', video: 'data:video/mp4;base64,AAAA' } },
        'block',
        CONTENT_MESSAGES.media,
      ],
      [
        'banner path escaping media',
        {
          ...contentColumn('x'),
          block: { type: 'banner', banners: [{ image: '/media/../secrets', link: '' }] },
        },
        'block',
        CONTENT_MESSAGES.media,
      ],
    ];
    for (const [name, body, field, message] of cases) {
      const res = await put(body);
      expect(res.status, name).toBe(400);
      const error = await errorOf(res);
      expect(error.fields?.[field] ?? error.message, name).toBe(message);
    }
    const unknown = await put({
      span: 12,
      header: '',
      displayCount: 4,
      block: { type: 'product', productIds: [999_999_999], rule: null },
    });
    expect(unknown.status).toBe(400);
    expect((await errorOf(unknown)).fields?.productIds).toBe(CONTENT_MESSAGES.unknownProducts([999_999_999]));
    const twice = await put({
      span: 12,
      header: '',
      displayCount: 4,
      block: { type: 'product', productIds: [1, 1], rule: null },
    });
    expect((await errorOf(twice)).fields?.productIds).toBe(CONTENT_MESSAGES.duplicateProducts);
    expect((await put('{"span":')).status).toBe(400);
    expect((await put({ ...contentColumn('a\u0000b') })).status).toBe(400);
    expect((await send('PUT', '/api/admin/content/columns/999999', contentColumn('x'))).status).toBe(404);
    expect((await send('PUT', '/api/admin/content/columns/abc', contentColumn('x'))).status).toBe(400);
    const wrongPlace = await send('POST', '/api/admin/content/rows', {
      categoryId: null,
      title: 'x',
      showTitle: true,
      contentType: 'Category',
    });
    expect(wrongPlace.status).toBe(400);
    // nothing of it reached the stored block
    const still = (await homePage()).rows.find((r) => r.id === row?.id);
    expect(still?.columns[0]?.items[0]?.content).toBe('Sellers from every state, one cart.');
  });

  it('keeps a row within 12 when two blocks are added at once', async () => {
    const added = await send('POST', '/api/admin/content/rows', {
      categoryId: null,
      title: 'Race',
      showTitle: false,
      contentType: 'Home',
    });
    const rowId = ContentSaved.parse(await added.json()).id;
    const results = await Promise.all(
      [1, 2, 3].map(async () =>
        send('POST', `/api/admin/content/rows/${rowId}/columns`, contentColumn('Half', 6)),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 400]);
    const row = (await homePage()).rows.find((r) => r.id === rowId);
    expect(row?.columns.reduce((sum, c) => sum + c.span, 0)).toBe(12);
    await send('DELETE', `/api/admin/content/rows/${rowId}`, '');
    const gone = await t.db
      .select()
      .from(contentRows)
      .where(and(eq(contentRows.id, rowId), isNull(contentRows.categoryId)));
    expect(gone).toEqual([]);
  });
});

describe('banners', () => {
  const image = () =>
    sharp({ create: { width: 3000, height: 800, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
  const bannerForm = async (fields: Record<string, string>, file: Buffer | string | null) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    if (file !== null)
      form.set('file', new Blob([typeof file === 'string' ? file : new Uint8Array(file)]), 'banner.png');
    return t.request('/api/admin/content/banners', {
      method: 'POST',
      headers: { cookie: marketing },
      body: form,
    });
  };
  const fields = {
    kind: 'long',
    altText: 'Monsoon sale',
    link: '/todaydeals',
    startsAt: '',
    endsAt: '',
    isActive: 'on',
  };

  it('adds a banner cut to the carousel’s size that the home carousel shows, in order', async () => {
    const res = await bannerForm(fields, await image());
    expect(res.status).toBe(201);
    const banner = AdminBanner.parse(await res.json());
    expect(banner.imagePath).toMatch(/^\/media\/banners\/uploads\/[0-9a-f]{20}-1500x300\.webp$/);
    const served = await t.request(banner.imagePath);
    expect(served.status).toBe(200);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([1500, 300]);
    expect(banner.isLive).toBe(true);
    const html = await (await t.request('/')).text();
    expect(html).toContain(banner.imagePath);
    expect((await lastAudit('banner.add'))?.after).toMatchObject({
      altText: 'Monsoon sale',
      link: '/todaydeals',
    });

    const moved = await send('POST', `/api/admin/content/banners/${banner.id}/move`, { direction: 'up' });
    expect(moved.status).toBe(200);
    const list = (await (await get('/api/admin/content/banners')).json()) as { banners: AdminBanner[] };
    const longs = list.banners.filter((b) => b.kind === 'long').map((b) => b.id);
    expect(longs.indexOf(banner.id)).toBe(longs.length - 2);

    const off = await send('POST', `/api/admin/content/banners/${banner.id}/switch`, { isActive: false });
    expect(AdminBanner.parse(await off.json()).isLive).toBe(false);
    expect(await (await t.request('/')).text()).not.toContain(banner.imagePath);
    expect((await lastAudit('banner.edit'))?.before).toEqual({ isActive: true });
  });

  it('shows a banner only between its dates', async () => {
    const res = await bannerForm(
      { ...fields, altText: 'Later', startsAt: '2099-01-01T09:00', endsAt: '2099-01-02T09:00' },
      await image(),
    );
    const banner = AdminBanner.parse(await res.json());
    expect(banner.startsAt).toBe('2099-01-01T03:30:00.000Z');
    expect(banner.isLive).toBe(false);
    const edit = await send('PUT', `/api/admin/content/banners/${banner.id}`, {
      ...fields,
      altText: 'Now',
      startsAt: '',
      endsAt: '2099-01-02T09:00',
    });
    expect(edit.status).toBe(200);
    expect(AdminBanner.parse(await edit.json())).toMatchObject({
      altText: 'Now',
      isLive: true,
      startsAt: null,
    });
    const [row] = await t.db.select().from(banners).where(eq(banners.id, banner.id));
    expect(row?.altText).toBe('Now');
  });

  it('refuses a bad banner: no image, not an image, hostile link, bad dates, not multipart', async () => {
    expect((await bannerForm(fields, null)).status).toBe(400);
    expect((await bannerForm(fields, '<svg onload="alert(1)"></svg>')).status).toBe(415);
    const link = await bannerForm({ ...fields, link: 'javascript:alert(1)' }, await image());
    expect(link.status).toBe(400);
    expect((await errorOf(link)).fields?.link).toBe(CONTENT_MESSAGES.link);
    const dates = await bannerForm(
      { ...fields, startsAt: '2099-01-02T09:00', endsAt: '2099-01-01T09:00' },
      await image(),
    );
    expect((await errorOf(dates)).fields?.endsAt).toBe(CONTENT_MESSAGES.bannerDates);
    expect((await bannerForm({ ...fields, altText: '' }, await image())).status).toBe(400);
    expect((await bannerForm({ ...fields, startsAt: '2099-02-30T09:00' }, await image())).status).toBe(400);
    expect((await send('POST', '/api/admin/content/banners', fields)).status).toBe(415);
    expect((await send('PUT', '/api/admin/content/banners/999999', fields)).status).toBe(404);
  });
});

describe('the privilege claim', () => {
  it('publishes plain text and a video the product and claim pages show, audited', async () => {
    const before = AdminPrivilegeClaim.parse(await (await get('/api/admin/content/privilege-claim')).json());
    expect(before.text.length).toBeGreaterThan(0);
    const res = await send(
      'PUT',
      '/api/admin/content/privilege-claim',
      {
        text: 'Claim your gift within 7 days.\r\n\r\nKeep the box.',
        video: '/media/videos/claim.mp4',
      },
      owner,
    );
    expect(res.status).toBe(200);
    expect(AdminPrivilegeClaim.parse(await res.json())).toMatchObject({
      text: 'Claim your gift within 7 days.\n\nKeep the box.',
      video: '/media/videos/claim.mp4',
    });
    const page = await (await t.request('/privilegeclaim')).text();
    expect(page).toContain('<p>Claim your gift within 7 days.</p>');
    expect(page).toContain('/media/videos/claim.mp4');
    const audit = await lastAudit('site-text.edit');
    expect(audit?.before).toEqual({ text: before.text, video: before.video });
    expect(audit?.actor).toBe('content-owner@staff.example.com');

    // no video: its row goes
    await send('PUT', '/api/admin/content/privilege-claim', { text: 'Only text.', video: '' });
    const rows = await t.db.select().from(siteTexts).where(eq(siteTexts.key, 'privilege_claim_video'));
    expect(rows).toEqual([]);
  });

  it('refuses HTML, oversized text, control characters and unsafe videos', async () => {
    const put = (body: unknown) => send('PUT', '/api/admin/content/privilege-claim', body);
    expect((await errorOf(await put({ text: '<script>alert(1)</script>', video: '' }))).fields?.text).toBe(
      CONTENT_MESSAGES.html,
    );
    expect((await put({ text: 'a'.repeat(5001), video: '' })).status).toBe(400);
    expect((await put({ text: 'a\u0007b', video: '' })).status).toBe(400);
    expect((await errorOf(await put({ text: 'ok', video: 'javascript:alert(1)' }))).fields?.video).toBe(
      CONTENT_MESSAGES.media,
    );
    expect((await put({ text: 'ok', video: 'http://example.com/a.mp4' })).status).toBe(400);
    expect((await put({ text: '', video: '' })).status).toBe(400);
    expect((await put({})).status).toBe(400);
  });
});
