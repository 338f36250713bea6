import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, brands, categories, coupons, queryRows } from '@marketplace/db';
import { CouponChanged, PROMOTION_MESSAGES as M } from '@marketplace/domain/admin/promotions-api';
import { PICKER_MESSAGES, PickerChoices } from '@marketplace/domain/admin/pickers-api';
import { STAFF_MESSAGES } from '@marketplace/domain/admin/staff-api';
import { verifiedStaff } from '../../../test-support/staff.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';

// requirements#console-pickers, requirements#coupon-scopes
let t: TestApp;
let marketing: string;
let catalog: string;
let support: string;
let shopper: string;
let seller: string;

beforeAll(async () => {
  t = await createTestApp();
  marketing = (await verifiedStaff(t, 'meera@staff.example.com', 'marketing')).cookie;
  catalog = (await verifiedStaff(t, 'kabir@staff.example.com', 'catalog')).cookie;
  support = (await verifiedStaff(t, 'sana@staff.example.com', 'support')).cookie;
  shopper = await t.loginCookie('priya@example.com');
  seller = await t.loginCookie('dakshin-mart@sellers.example.com');
});
afterAll(() => t.close());

const get = (path: string, cookie: string | null) => t.request(path, { headers: cookie ? { cookie } : {} });
const choicesOf = async (res: Response) => PickerChoices.parse(await res.json()).choices;

/** A leaf category with its path of names, as the picker shows it. */
async function leafWithPath() {
  const [row] = await queryRows<{ id: number; path: string; name: string }>(
    t.db,
    sql`
    SELECT c1.id, c1.name, concat_ws(' › ', c3.name, c2.name, c1.name) AS path FROM categories c1
      JOIN categories c2 ON c2.id = c1.parent_id JOIN categories c3 ON c3.id = c2.parent_id
     WHERE c1.retired_at IS NULL ORDER BY c1.id LIMIT 1`,
  );
  if (!row) throw new Error('the seed has a category three levels deep');
  return { id: Number(row.id), path: row.path, name: row.name };
}

describe('the console’s pickers', () => {
  it('find categories by part of a name and name them by their path', async () => {
    const leaf = await leafWithPath();
    const res = await get(`/api/admin/pickers/categories?q=${encodeURIComponent(leaf.name)}`, marketing);
    expect(res.status).toBe(200);
    const choices = await choicesOf(res);
    expect(choices.find((c) => c.id === leaf.id)?.label).toContain(' › ');
    expect(choices.find((c) => c.id === leaf.id)?.label).toMatch(new RegExp(`${leaf.name}$`));
    // requirements#link-picker: with the shop's page of the category
    expect(choices.find((c) => c.id === leaf.id)?.path).toBe(
      `/categorylist/ssc/${encodeURIComponent(leaf.name)}`,
    );
  });

  it('find a brand, a seller and a product by name or id, the id first', async () => {
    const [brand] = await t.db.select().from(brands).limit(1);
    const byName = await choicesOf(
      await get(`/api/admin/pickers/brands?q=${encodeURIComponent(brand?.name ?? '')}`, catalog),
    );
    expect(byName[0]).toMatchObject({ id: brand?.id, label: brand?.name });
    const byId = await choicesOf(await get(`/api/admin/pickers/products?q=7`, marketing));
    expect(byId[0]?.id).toBe(7);
    expect(byId.length).toBeLessThanOrEqual(10);
    const sellers = await choicesOf(await get(`/api/admin/pickers/sellers?q=mart`, marketing));
    expect(sellers.length).toBeGreaterThan(0);
    expect(sellers.every((s) => /mart/i.test(`${s.label} ${s.detail ?? ''}`))).toBe(true);
  });

  it('answer a visitor 401, and a shopper, a seller and a role whose forms pick nothing 403', async () => {
    expect((await get('/api/admin/pickers/products?q=a', null)).status).toBe(401);
    for (const cookie of [shopper, seller])
      expect((await get('/api/admin/pickers/products?q=a', cookie)).status).toBe(403);
    const refused = await get('/api/admin/pickers/products?q=a', support);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      STAFF_MESSAGES.wrongRole,
    );
  });

  it.each([
    ['a NUL byte', 'q=ab%00c'],
    ['broken percent-encoding', 'q=%E0%A4'],
    ['a bare percent sign', 'q=50%'],
    ['more than 100 characters', `q=${'a'.repeat(101)}`],
  ])('refuse %s with 400, never a 500', async (_, query) => {
    const res = await get(`/api/admin/pickers/products?${query}`, marketing);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBeTruthy();
  });

  it('refuse an unknown picker with 400 and treat wildcards as letters', async () => {
    expect((await get('/api/admin/pickers/users?q=a', marketing)).status).toBe(400);
    expect(await choicesOf(await get('/api/admin/pickers/brands?q=%25%25%25', marketing))).toEqual([]);
    expect(await choicesOf(await get('/api/admin/pickers/brands?q=', marketing))).toHaveLength(10);
  });
});

const postForm = (path: string, cookie: string, fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields))
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  return t.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: body.toString(),
  });
};
const couponForm = (changes: Record<string, string>) => ({
  code: `PICK${Date.now().toString(36).slice(-5).toUpperCase()}`,
  scope: 'category',
  offerType: 'percentage',
  value: '10',
  fromDate: '',
  toDate: '',
  perDayLimit: '',
  totalLimit: '',
  productIdText: '',
  categoryIdText: '',
  brandIdText: '',
  sellerIdText: '',
  ...changes,
});

describe('the coupon form before its scripts', () => {
  it('creates a category coupon from the category’s path typed by hand, audited with its scope', async () => {
    const leaf = await leafWithPath();
    const form = couponForm({ categoryIdText: leaf.path.toLowerCase() });
    const res = await postForm('/admin/promotions/coupons/new', marketing, form);
    expect(res.status).toBe(302);
    const [saved] = await t.db.select().from(coupons).where(eq(coupons.name, form.code));
    expect(saved).toMatchObject({ scope: 'category', categoryId: leaf.id, productId: null, brandId: null });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'coupon.create'), eq(auditLog.targetId, String(saved?.id))));
    expect(audit?.after).toMatchObject({ scope: 'category', categoryId: leaf.id });
  });

  it('says beside the field when the typed name matches nothing, keeping what was typed', async () => {
    const res = await postForm(
      '/admin/promotions/coupons/new',
      marketing,
      couponForm({ categoryIdText: 'Zzyzx' }),
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(PICKER_MESSAGES.none('category', 'Zzyzx').replace(/“|”/g, (q) => q));
    expect(html).toContain('value="Zzyzx"');
  });

  it('asks for the scope’s target when none was given, and refuses hostile text with a message', async () => {
    const missing = await postForm(
      '/admin/promotions/coupons/new',
      marketing,
      couponForm({ scope: 'brand' }),
    );
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain(M.brand);
    const hostile = await postForm(
      '/admin/promotions/coupons/new',
      marketing,
      couponForm({ categoryIdText: 'Mob\u0000iles' }),
    );
    expect(hostile.status).toBe(400);
    expect(await hostile.text()).toContain(PICKER_MESSAGES.tooLong('category'));
    const long = await postForm(
      '/admin/promotions/coupons/new',
      marketing,
      couponForm({ categoryIdText: 'x'.repeat(150) }),
    );
    expect(long.status).toBe(400);
  });

  it('keeps an id chosen with scripts while its name is still in the field, and reads a changed name', async () => {
    const [brand, other] = await t.db.select().from(brands).limit(2);
    if (!brand || !other) throw new Error('two brands');
    const form = couponForm({
      scope: 'brand',
      brandId: String(brand.id),
      brandIdLabel: brand.name,
      brandIdText: brand.name,
    });
    expect((await postForm('/admin/promotions/coupons/new', marketing, form)).status).toBe(302);
    const [kept] = await t.db.select().from(coupons).where(eq(coupons.name, form.code));
    expect(kept?.brandId).toBe(brand.id);
    // the id stayed in the page (no scripts) while staff typed another brand's id over the name
    const changed = couponForm({
      scope: 'brand',
      brandId: String(brand.id),
      brandIdLabel: brand.name,
      brandIdText: String(other.id),
    });
    expect((await postForm('/admin/promotions/coupons/new', marketing, changed)).status).toBe(302);
    const [typed] = await t.db.select().from(coupons).where(eq(coupons.name, changed.code));
    expect(typed?.brandId).toBe(other.id);
  });
});

describe('coupon scopes through the API', () => {
  const body = (changes: Record<string, unknown>) => ({
    code: `API${Date.now().toString(36).slice(-5).toUpperCase()}${Math.floor(Math.random() * 90 + 10)}`,
    sellerId: null,
    offerType: 'cash',
    value: 5000,
    days: [],
    fromDate: null,
    toDate: null,
    perDayLimit: null,
    totalLimit: null,
    ...changes,
  });
  const post = (payload: unknown, cookie = marketing) =>
    t.request('/api/admin/promotions/coupons', {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });

  it('creates a sitewide coupon and lists it by what it is for', async () => {
    const created = await post(body({ scope: 'all' }));
    expect(created.status).toBe(201);
    const { coupon } = CouponChanged.parse(await created.json());
    expect(coupon).toMatchObject({ scope: 'all', productId: null, productName: null });
    const listed = await get(`/api/admin/promotions/coupons?q=${coupon.code}`, marketing);
    expect(((await listed.json()) as { total: number }).total).toBe(1);
  });

  it('refuses a missing or unknown target, a retired category, and a code its target already has', async () => {
    const missing = await post(body({ scope: 'category' }));
    expect(missing.status).toBe(400);
    const unknown = await post(body({ scope: 'brand', brandId: 2_000_000_000 }));
    expect(unknown.status).toBe(400);
    expect(
      ((await unknown.json()) as { error: { fields: Record<string, string> } }).error.fields.brandId,
    ).toBe(M.brandNotFound);
    const [retired] = await t.db
      .update(categories)
      .set({ retiredAt: new Date() })
      .where(eq(categories.id, (await leafWithPath()).id))
      .returning({ id: categories.id });
    const onRetired = await post(body({ scope: 'category', categoryId: retired?.id }));
    expect(onRetired.status).toBe(400);
    await t.db
      .update(categories)
      .set({ retiredAt: null })
      .where(eq(categories.id, retired?.id ?? 0));
    const first = body({ scope: 'seller', sellerId: 1 });
    expect((await post(first)).status).toBe(201);
    expect((await post({ ...first, value: 6000 })).status).toBe(409);
  });

  it('is for owner and marketing only', async () => {
    expect((await post(body({ scope: 'all' }), catalog)).status).toBe(403);
  });
});

describe('the deal form before its scripts', () => {
  const dealForm = (changes: Record<string, string>) => ({
    page: 'deals',
    offerType: 'deals',
    discountPercent: '15',
    billingType: 'click',
    startsAt: '2030-01-01T10:00',
    endsAt: '2030-01-02T10:00',
    productIdText: '',
    sellerIdText: '',
    ...changes,
  });
  /** An open offer of a product whose name is one of a kind. */
  async function uniqueOffer() {
    const [row] = await queryRows<{ product_id: number; seller_id: number; name: string; seller: string }>(
      t.db,
      sql`SELECT o.product_id, o.seller_id, p.name, s.name AS seller FROM offers o
            JOIN products p ON p.id = o.product_id JOIN sellers s ON s.id = o.seller_id
           WHERE p.merged_into_id IS NULL
             AND (SELECT count(*) FROM products q WHERE lower(q.name) = lower(p.name)) = 1
           ORDER BY o.id LIMIT 1`,
    );
    if (!row) throw new Error('the seed has offers');
    return { productId: Number(row.product_id), sellerId: Number(row.seller_id), name: row.name };
  }

  it('creates a deal from the product’s name and the seller’s id typed by hand', async () => {
    const offer = await uniqueOffer();
    const res = await postForm(
      '/admin/promotions/deals/new',
      marketing,
      dealForm({ productIdText: offer.name, sellerIdText: String(offer.sellerId) }),
    );
    expect(res.status).toBe(302);
    const [saved] = await queryRows<{ id: number }>(
      t.db,
      sql`SELECT id FROM deals WHERE product_id = ${offer.productId} AND seller_id = ${offer.sellerId}
            AND discount_percent = 15`,
    );
    expect(saved).toBeDefined();
  });

  it('says beside the field when the typed product matches nothing, keeping what was typed', async () => {
    const res = await postForm(
      '/admin/promotions/deals/new',
      marketing,
      dealForm({ productIdText: 'Zzyzx', sellerIdText: '1' }),
    );
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('No product matches');
    expect(html).toContain('value="Zzyzx"');
  });
});

describe('the merge page’s pickers before their scripts', () => {
  it('previews the two products named by hand, side by side, each with its brand, image and id', async () => {
    const [a, b] = await queryRows<{ id: number; name: string }>(
      t.db,
      sql`SELECT p.id, p.name FROM products p WHERE p.merged_into_id IS NULL
            AND (SELECT count(*) FROM products q WHERE lower(q.name) = lower(p.name)) = 1
          ORDER BY p.id LIMIT 2`,
    );
    if (!a || !b) throw new Error('two products');
    const res = await get(
      `/admin/catalog/merge?${new URLSearchParams({ keepText: a.name, duplicateText: String(b.id) }).toString()}`,
      catalog,
    );
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('What the merge does');
    // React writes a comment between the # and the id it renders
    expect(html).toMatch(new RegExp(`#(<!-- -->)?${a.id}<`));
    expect(html).toMatch(new RegExp(`#(<!-- -->)?${b.id}<`));
    expect(html).toContain('name="keepText"');
  });

  it('says which field names no product', async () => {
    const res = await get(`/admin/catalog/merge?keepText=Zzyzx&duplicateText=1`, catalog);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('No product matches');
  });
});
