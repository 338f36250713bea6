import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, banners, mediaImages, queryRows } from '@marketplace/db';
import { MEDIA_LIMITS, MEDIA_MESSAGES, MediaImage, MediaLibrary } from '@marketplace/domain/admin/media-api';
import { LINK_MESSAGES } from '@marketplace/domain/admin/site-links';
import { verifiedStaff } from '../../../test-support/staff.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';

// requirements#media-library
let t: TestApp;
let marketing: string;
let owner: string;
let catalog: string;
let shopper: string;
let seller: string;

beforeAll(async () => {
  t = await createTestApp();
  marketing = (await verifiedStaff(t, 'meera@staff.example.com', 'marketing')).cookie;
  owner = (await verifiedStaff(t, 'ojas@staff.example.com', 'owner')).cookie;
  catalog = (await verifiedStaff(t, 'kabir@staff.example.com', 'catalog')).cookie;
  shopper = await t.loginCookie('priya@example.com');
  seller = await t.loginCookie('dakshin-mart@sellers.example.com');
});
afterAll(() => t.close());

const png = (width = 2400, height = 900, background = '#c35') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

const upload = (parts: { file?: Blob | string; fileName?: string; name?: string }, cookie = marketing) => {
  const form = new FormData();
  if (parts.file !== undefined)
    form.set(
      'file',
      typeof parts.file === 'string' ? new Blob([parts.file]) : parts.file,
      parts.fileName ?? 'photo.png',
    );
  if (parts.name !== undefined) form.set('name', parts.name);
  return t.request('/api/admin/media', { method: 'POST', headers: { cookie }, body: form });
};
const list = (query: string, cookie: string | null = marketing) =>
  t.request(`/api/admin/media${query}`, { headers: cookie ? { cookie } : {} });
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

describe('the media library', () => {
  it('adds an uploaded image, narrowed to 1500 px as WebP, served from the media folder and audited', async () => {
    const res = await upload({ file: new Blob([new Uint8Array(await png())]), name: 'Monsoon sale hero' });
    expect(res.status).toBe(201);
    const image = MediaImage.parse(await res.json());
    expect(image).toMatchObject({ name: 'Monsoon sale hero', source: 'library' });
    expect(image.path).toMatch(/^\/media\/library\/[0-9a-f]{20}-1500\.webp$/);
    const served = await t.request(image.path);
    expect(served.status).toBe(200);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1500, height: 563 });
    const [row] = await t.db.select().from(mediaImages).where(eq(mediaImages.path, image.path));
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'media.upload'), eq(auditLog.targetId, String(row?.id))));
    expect(audit?.after).toMatchObject({ path: image.path, name: 'Monsoon sale hero' });
  });

  it('lists uploads first and finds banners by their alt text, by part of a name', async () => {
    const small = await upload({
      file: new Blob([new Uint8Array(await png(300, 200, '#159'))]),
      fileName: 'diwali-lamps_small.png',
    });
    expect(small.status).toBe(201);
    // a small image is never enlarged; its name comes from the file's
    expect(MediaImage.parse(await small.json())).toMatchObject({ name: 'diwali lamps small' });
    const found = MediaLibrary.parse(await (await list('?q=DIWALI')).json()).images;
    expect(found.map((i) => i.name)).toEqual(['diwali lamps small']);
    const [banner] = await t.db.select().from(banners).limit(1);
    if (!banner) throw new Error('the seed has banners');
    const byAlt = MediaLibrary.parse(
      await (await list(`?q=${encodeURIComponent(banner.altText.slice(0, 12))}`)).json(),
    ).images;
    expect(byAlt).toContainEqual({ path: banner.imagePath, name: banner.altText, source: 'banner' });
    const all = MediaLibrary.parse(await (await list('')).json()).images;
    expect(all.length).toBeLessThanOrEqual(MEDIA_LIMITS.images);
    expect(all[0]?.source).toBe('library');
    expect(new Set(all.map((i) => i.path)).size).toBe(all.length);
    expect(all.every((i) => i.path.startsWith('/media/'))).toBe(true);
  });

  it('keeps one entry for the same image uploaded twice at once', async () => {
    const bytes = new Uint8Array(await png(800, 400, '#7a2'));
    const [a, b] = await Promise.all([
      upload({ file: new Blob([bytes]), name: 'Twice' }),
      upload({ file: new Blob([bytes]), name: 'Twice' }, owner),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const path = MediaImage.parse(await a.json()).path;
    expect(await t.db.select().from(mediaImages).where(eq(mediaImages.path, path))).toHaveLength(1);
  });

  it.each([
    ['not an image', { file: 'just some text, not pixels' }, 415, MEDIA_MESSAGES.type],
    [
      'an SVG (it can carry scripts)',
      { file: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', fileName: 'x.svg' },
      415,
      MEDIA_MESSAGES.type,
    ],
    ['an empty file', { file: '' }, 400, MEDIA_MESSAGES.file],
    ['no file', { file: null, name: 'Nothing' }, 400, MEDIA_MESSAGES.file],
    ['a NUL byte in the name', { name: 'evil\u0000name' }, 400, MEDIA_MESSAGES.name],
    ['a NUL byte in the file’s name and no name', { fileName: 'ev\u0000il.png' }, 400, MEDIA_MESSAGES.name],
    ['a name too long', { name: 'x'.repeat(81) }, 400, MEDIA_MESSAGES.name],
  ])('refuses %s with a clear message', async (_, parts, status, message) => {
    // a row without a file sends a real image; `null` sends no file part at all
    const given: string | null | undefined = 'file' in parts ? parts.file : undefined;
    const file = given === undefined ? new Blob([new Uint8Array(await png(200, 100))]) : (given ?? undefined);
    const res = await upload({ ...parts, file });
    expect(res.status).toBe(status);
    expect((await errorOf(res)).message).toBe(message);
  });

  it('refuses a file over 5 MB with 413, and a body that is not multipart with 415', async () => {
    const big = new Uint8Array(MEDIA_LIMITS.imageBytes + 200 * 1024);
    big.set(new Uint8Array(await png(10, 10)));
    expect((await upload({ file: new Blob([big]) })).status).toBe(413);
    const json = await t.request('/api/admin/media', {
      method: 'POST',
      headers: { cookie: marketing, 'content-type': 'application/json' },
      body: JSON.stringify({ file: 'x' }),
    });
    expect(json.status).toBe(415);
  });

  it.each([
    ['a NUL byte', '?q=ab%00c'],
    ['broken percent-encoding', '?q=%E0%A4'],
    ['a bare percent sign', '?q=50%'],
    ['more than 100 characters', `?q=${'a'.repeat(101)}`],
  ])('refuses a search with %s with 400, never a 500', async (_, query) => {
    const res = await list(query);
    expect(res.status).toBe(400);
  });

  it('treats wildcards as letters', async () => {
    expect(MediaLibrary.parse(await (await list('?q=%25%25_')).json()).images).toEqual([]);
  });

  it('answers a visitor 401, and a shopper, a seller and a role without storefront content 403', async () => {
    const image = new Blob([new Uint8Array(await png(200, 100))]);
    expect((await list('', null)).status).toBe(401);
    expect((await upload({ file: image }, '')).status).toBe(401);
    for (const cookie of [shopper, seller, catalog]) {
      expect((await list('', cookie)).status).toBe(403);
      expect((await upload({ file: image }, cookie)).status).toBe(403);
    }
  });
});

describe('a banner block posted before its pickers’ scripts', () => {
  const blockForm = async (rowId: number, changes: Record<string, string>, file?: Blob) => {
    const form = new FormData();
    const fields: Record<string, string> = {
      intent: 'publish',
      columnId: '',
      categoryId: '',
      title: 'Picked banners',
      showTitle: 'true',
      contentType: 'Home',
      displayType: 'banner',
      span: '12',
      header: 'Festive banners',
      displayCount: '4',
      banner1Image: '',
      banner1Link: '',
      banner1LinkPage: '',
      ...changes,
    };
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    if (file) form.set('banner1ImageFile', file, 'festive-lights.png');
    return t.request(`/admin/content/blocks/${rowId}`, {
      method: 'POST',
      headers: { cookie: marketing },
      body: form,
    });
  };
  const newRow = async () => {
    const res = await t.request('/api/admin/content/rows', {
      method: 'POST',
      headers: { cookie: marketing, 'content-type': 'application/json' },
      body: JSON.stringify({
        categoryId: null,
        title: 'Picked banners',
        showTitle: true,
        contentType: 'Home',
      }),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };

  it('uploads the file chosen to the library and saves the site page chosen from the list as the link', async () => {
    const rowId = await newRow();
    const res = await blockForm(
      rowId,
      { banner1LinkPage: '/todaydeals' },
      new Blob([new Uint8Array(await png(1600, 400, '#e80'))]),
    );
    expect(res.status).toBe(302);
    const [item] = await queryRows<{ image_path: string; link: string }>(
      t.db,
      sql`SELECT i.image_path, i.link FROM content_items i JOIN content_columns c ON c.id = i.column_id
           WHERE c.row_id = ${rowId}`,
    );
    expect(item?.image_path).toMatch(/^\/media\/library\/[0-9a-f]{20}-1500\.webp$/);
    expect(item?.link).toBe('/todaydeals');
    const [listed] = await t.db
      .select()
      .from(mediaImages)
      .where(eq(mediaImages.path, item?.image_path ?? ''));
    expect(listed?.name).toBe('festive lights');
  });

  it('says beside the field when the file is not an image, or the page chosen was never offered', async () => {
    const rowId = await newRow();
    const notImage = await blockForm(rowId, {}, new Blob(['plain text']));
    expect(notImage.status).toBe(400);
    expect(await notImage.text()).toContain(MEDIA_MESSAGES.type);
    const hostile = await blockForm(rowId, {
      banner1Image: '/media/banners/home-1.webp',
      banner1LinkPage: 'javascript:alert(1)',
    });
    expect(hostile.status).toBe(400);
    expect(await hostile.text()).toContain(LINK_MESSAGES.page);
  });
});

describe('a banner added before the link picker’s scripts', () => {
  it('saves the site page chosen from the list as the banner’s link', async () => {
    const form = new FormData();
    const fields = {
      intent: 'add',
      kind: 'long',
      altText: 'Coupons week',
      link: '',
      linkPage: '/coupons',
      startsAt: '',
      endsAt: '',
      isActive: 'on',
    };
    for (const [name, value] of Object.entries(fields)) form.set(name, value);
    form.set('file', new Blob([new Uint8Array(await png(1600, 400, '#08c'))]), 'coupons.png');
    const res = await t.request('/admin/content/banners', {
      method: 'POST',
      headers: { cookie: marketing },
      body: form,
    });
    expect(res.status).toBe(302);
    const [saved] = await t.db.select().from(banners).where(eq(banners.altText, 'Coupons week'));
    expect(saved?.link).toBe('/coupons');
  });
});
