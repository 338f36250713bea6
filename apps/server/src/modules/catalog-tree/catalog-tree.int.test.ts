import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, brands, categories, queryRows, sellers, users } from '@marketplace/db';
import { CATALOG_TREE_MESSAGES } from '@marketplace/domain/admin/catalog-tree-api';
import { STAFF_ROLES } from '@marketplace/domain/admin/console';
import { STAFF_MESSAGES } from '@marketplace/domain/admin/staff-api';
import { categoryListingPath } from '@marketplace/domain/catalog/categories';
import { TREE_MESSAGES } from '@marketplace/domain/catalog/tree';
import { verifiedStaff } from '../../../test-support/staff.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';

// requirements#operator-catalog
let t: TestApp;
let owner = '';
let catalog = '';
const refusedRoles: Record<string, string> = {};
const SHOPPER = 'priya@example.com';
const SELLER = 'dakshin-mart@sellers.example.com';

type Json = Record<string, unknown>;
const send = (method: string, path: string, cookie: string | null, body?: unknown) =>
  t.request(path, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
const jsonOf = async (res: Response) => (await res.json()) as Json;
const errorOf = async (res: Response) => (await jsonOf(res)).error as { code: string; message: string };

async function lastAudit(action: string, targetId: number | string) {
  const [row] = await t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(targetId))))
    .orderBy(sql`${auditLog.id} DESC`)
    .limit(1);
  return row;
}

/** A seeded category of a level that has no products of its own and no retired mark. */
async function categoryAt(level: number, withProducts: boolean) {
  const rows = await queryRows<{ id: number; name: string; parent_id: number | null }>(
    t.db,
    sql`SELECT c.id, c.name, c.parent_id FROM categories c
         WHERE c.level = ${level} AND c.retired_at IS NULL
           AND ${withProducts ? sql`EXISTS` : sql`NOT EXISTS`} (
             SELECT 1 FROM products p WHERE p.category_id = c.id AND p.is_active)
           AND NOT EXISTS (SELECT 1 FROM products p WHERE p.category_id = c.id AND NOT p.is_active)
         ORDER BY c.id LIMIT 1`,
  );
  const row = rows[0];
  if (!row) throw new Error(`no seeded category at level ${level}`);
  return {
    id: Number(row.id),
    name: row.name,
    parentId: row.parent_id === null ? null : Number(row.parent_id),
  };
}

const png = (colour: string, size = 300) =>
  sharp({ create: { width: size, height: size, channels: 3, background: colour } })
    .png()
    .toBuffer();

function logoForm(bytes: Buffer | string, type = 'image/png', name = 'logo.png') {
  const form = new FormData();
  form.set('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type }), name);
  return form;
}

beforeAll(async () => {
  // menus and product lookups read afresh (the shop's minute-long keeping has its own tests)
  t = await createTestApp({ keepPageLookupsMs: 0 });
  owner = (await verifiedStaff(t, 'owner-catalog@staff.example.com', 'owner')).cookie;
  catalog = (await verifiedStaff(t, 'catalog-tree@staff.example.com', 'catalog')).cookie;
  for (const role of STAFF_ROLES.filter((r) => r !== 'owner' && r !== 'catalog'))
    refusedRoles[role] = (await verifiedStaff(t, `${role}-tree@staff.example.com`, role)).cookie;
});
afterAll(() => t.close());

describe('who reaches the catalog tree and brands', () => {
  const endpoints: [string, string, unknown?][] = [
    ['GET', '/api/admin/catalog/categories'],
    ['POST', '/api/admin/catalog/categories', { parentId: null, name: 'Nobody’s' }],
    ['GET', '/api/admin/catalog/categories/1'],
    ['PATCH', '/api/admin/catalog/categories/1', { name: 'Nobody’s' }],
    ['POST', '/api/admin/catalog/categories/1/move', { parentId: null }],
    ['POST', '/api/admin/catalog/categories/1/retire'],
    ['POST', '/api/admin/catalog/categories/1/attributes', { op: 'addAttribute', name: 'Nobody’s' }],
    ['GET', '/api/admin/catalog/brands'],
    ['POST', '/api/admin/catalog/brands', { name: 'Nobody’s' }],
    ['GET', '/api/admin/catalog/brands/1'],
    ['PATCH', '/api/admin/catalog/brands/1', { name: 'Nobody’s' }],
    ['POST', '/api/admin/catalog/brand-logo?brand=1'],
  ];

  it('answers a visitor 401; a shopper, a seller and staff of other roles 403; changes nothing', async () => {
    const [before] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM audit_log`);
    for (const [method, path, body] of endpoints) {
      expect((await send(method, path, null, body)).status, `${method} ${path}`).toBe(401);
      const shopper = await send(method, path, await t.loginCookie(SHOPPER), body);
      expect(shopper.status, `${method} ${path}`).toBe(403);
      expect((await errorOf(shopper)).message).toBe(STAFF_MESSAGES.notStaff);
      expect((await send(method, path, await t.loginCookie(SELLER), body)).status).toBe(403);
      for (const [role, cookie] of Object.entries(refusedRoles)) {
        const refused = await send(method, path, cookie, body);
        expect(refused.status, `${role}: ${method} ${path}`).toBe(403);
        expect((await errorOf(refused)).message).toBe(STAFF_MESSAGES.wrongRole);
      }
    }
    const [after] = await queryRows<{ n: number }>(t.db, sql`SELECT count(*)::int AS n FROM audit_log`);
    expect(after?.n).toBe(before?.n);
  });

  it('documents every endpoint in the OpenAPI document under the admin tag', async () => {
    const document = (await (await t.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const paths = Object.entries(document.paths).filter(([path]) => path.startsWith('/api/admin/catalog/'));
    // the moderation queue shares the /api/admin/catalog/ prefix and names its own paths
    expect(
      Object.fromEntries(paths.map(([path, operations]) => [path, Object.keys(operations).sort()])),
    ).toMatchObject({
      '/api/admin/catalog/categories': ['get', 'post'],
      '/api/admin/catalog/categories/{id}': ['get', 'patch'],
      '/api/admin/catalog/categories/{id}/move': ['post'],
      '/api/admin/catalog/categories/{id}/retire': ['post'],
      '/api/admin/catalog/categories/{id}/attributes': ['post'],
      '/api/admin/catalog/brands': ['get', 'post'],
      '/api/admin/catalog/brands/{id}': ['get', 'patch'],
      '/api/admin/catalog/brand-logo': ['post'],
    });
    for (const [, operations] of paths)
      for (const operation of Object.values(operations)) expect(operation.tags).toEqual(['admin']);
  });

  it('lets the owner and catalog staff read the tree', async () => {
    for (const cookie of [owner, catalog]) {
      const res = await send('GET', '/api/admin/catalog/categories', cookie);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { categories: { level: number }[] };
      expect(new Set(body.categories.map((row) => row.level))).toEqual(new Set([1, 2, 3, 4]));
    }
  });
});

describe('adding, renaming, moving and retiring categories', () => {
  let leafId = 0;
  let parent = { id: 0, name: '', parentId: null as number | null };

  it('adds a leaf under a level-3 category, audited, and the new leaf has its listing', async () => {
    parent = await categoryAt(3, false);
    const res = await send('POST', '/api/admin/catalog/categories', catalog, {
      parentId: parent.id,
      name: '  Desk   Lamps ',
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as {
      message: string;
      category: { id: number; level: number; name: string };
    };
    expect(body.category).toMatchObject({ level: 4, name: 'Desk Lamps' });
    expect(body.message).toBe(CATALOG_TREE_MESSAGES.categoryAdded('Desk Lamps'));
    leafId = body.category.id;
    const audit = await lastAudit('category.add', leafId);
    expect(audit?.actor).toBe('catalog-tree@staff.example.com');
    expect(audit?.before).toBeNull();
    expect(audit?.after).toMatchObject({ name: 'Desk Lamps', parentId: parent.id, level: 4 });
    expect((await t.request(categoryListingPath(4, 'Desk Lamps'))).status).toBe(200);
  });

  it('refuses a fifth level and a child under a leaf with products', async () => {
    const deep = await send('POST', '/api/admin/catalog/categories', catalog, {
      parentId: leafId,
      name: 'Too deep',
    });
    expect(deep.status).toBe(409);
    expect((await errorOf(deep)).message).toBe(TREE_MESSAGES.tooDeep);
    // a level-3 leaf that holds a product stays a leaf
    const added = await send('POST', '/api/admin/catalog/categories', catalog, {
      parentId: parent.parentId,
      name: 'Lamp Spares',
    });
    const spares = ((await added.json()) as { category: { id: number } }).category.id;
    const leafWithProducts = await categoryAt(4, true);
    const [product] = await queryRows<{ id: number }>(
      t.db,
      sql`SELECT id FROM products WHERE category_id = ${leafWithProducts.id} ORDER BY id LIMIT 1`,
    );
    await t.db.execute(sql`UPDATE products SET category_id = ${spares} WHERE id = ${product?.id ?? 0}`);
    const stocked = await send('POST', '/api/admin/catalog/categories', catalog, {
      parentId: spares,
      name: 'Under a stocked leaf',
    });
    expect(stocked.status).toBe(409);
    expect((await errorOf(stocked)).message).toBe(TREE_MESSAGES.parentHasProducts);
    await t.db.execute(
      sql`UPDATE products SET category_id = ${leafWithProducts.id} WHERE id = ${product?.id ?? 0}`,
    );
    const missing = await send('POST', '/api/admin/catalog/categories', catalog, {
      parentId: 99999999,
      name: 'X',
    });
    expect(missing.status).toBe(404);
  });

  it('lets one of two concurrent duplicate adds win; the other is a clear 409', async () => {
    const add = () =>
      send('POST', '/api/admin/catalog/categories', catalog, { parentId: parent.id, name: 'Floor Lamps' });
    const answers = await Promise.all([add(), add()]);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
    const refused = answers.find((res) => res.status === 409);
    if (!refused) throw new Error('no refusal');
    expect((await errorOf(refused)).message).toBe(TREE_MESSAGES.duplicateName('Floor Lamps'));
    const rows = await t.db
      .select()
      .from(categories)
      .where(eq(sql`lower(${categories.name})`, 'floor lamps'));
    expect(rows).toHaveLength(1);
  });

  it('refuses bad input with a clear 400, 404, 413 or 415, never a 500', async () => {
    const cases: [string, string, unknown, number][] = [
      ['POST', '/api/admin/catalog/categories', '{"parentId": null, "name": ', 400],
      ['POST', '/api/admin/catalog/categories', { parentId: null }, 400],
      ['POST', '/api/admin/catalog/categories', { parentId: 'x', name: 'Lamps' }, 400],
      ['POST', '/api/admin/catalog/categories', { parentId: null, name: 'L'.repeat(61) }, 400],
      ['POST', '/api/admin/catalog/categories', { parentId: null, name: 'Lamp\u0000s' }, 400],
      ['POST', '/api/admin/catalog/categories', { parentId: null, name: 'x'.repeat(1_100_000) }, 413],
      ['PATCH', '/api/admin/catalog/categories/abc', { name: 'Lamps' }, 400],
      ['PATCH', '/api/admin/catalog/categories/99999999', { name: 'Lamps' }, 404],
      ['PATCH', '/api/admin/catalog/categories/99999999999999', { name: 'Lamps' }, 400],
      ['GET', '/api/admin/catalog/categories/0', undefined, 400],
      ['GET', '/api/admin/catalog/categories/99999999', undefined, 404],
      ['POST', '/api/admin/catalog/categories/1/attributes', { op: 'dropTable' }, 400],
    ];
    for (const [method, path, body, status] of cases) {
      const res = await send(method, path, catalog, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)?.slice(0, 60)}`).toBe(status);
      expect((await errorOf(res)).message.length).toBeGreaterThan(0);
    }
    const plain = await t.request('/api/admin/catalog/categories', {
      method: 'POST',
      headers: { cookie: catalog, 'content-type': 'text/plain' },
      body: 'name=Lamps',
    });
    expect(plain.status).toBe(415);
  });

  it('renames: the audit keeps both names, the old listing address redirects to the new one', async () => {
    const res = await send('PATCH', `/api/admin/catalog/categories/${leafId}`, catalog, {
      name: 'Study Lamps',
    });
    expect(res.status).toBe(200);
    const audit = await lastAudit('category.rename', leafId);
    expect(audit?.before).toMatchObject({ name: 'Desk Lamps' });
    expect(audit?.after).toMatchObject({
      name: 'Study Lamps',
      listingPath: categoryListingPath(4, 'Study Lamps'),
    });
    const old = await t.request(`${categoryListingPath(4, 'Desk Lamps')}?sort=price-asc`, {
      redirect: 'manual',
    });
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe(`${categoryListingPath(4, 'Study Lamps')}?sort=price-asc`);
    expect((await t.request(categoryListingPath(4, 'Study Lamps'))).status).toBe(200);
    // a category that takes the old name wins over the redirect
    const taken = await send('POST', '/api/admin/catalog/categories', catalog, {
      parentId: parent.id,
      name: 'Desk Lamps',
    });
    expect(taken.status).toBe(201);
    expect((await t.request(categoryListingPath(4, 'Desk Lamps'), { redirect: 'manual' })).status).toBe(200);
    const clash = await send('PATCH', `/api/admin/catalog/categories/${leafId}`, catalog, {
      name: 'desk lamps',
    });
    expect(clash.status).toBe(409);
    expect((await errorOf(clash)).message).toBe(TREE_MESSAGES.duplicateName('desk lamps'));
  });

  it('moves under the tree’s rules: no cycles, no fifth level, no child for a stocked leaf', async () => {
    const grand = parent.parentId ?? 0;
    const cycle = await send('POST', `/api/admin/catalog/categories/${grand}/move`, catalog, {
      parentId: parent.id,
    });
    expect(cycle.status).toBe(409);
    expect((await errorOf(cycle)).message).toBe(TREE_MESSAGES.cycle);
    const otherLevel2 = await queryRows<{ id: number }>(
      t.db,
      sql`SELECT id FROM categories WHERE level = 2 AND id <> ${grand} AND retired_at IS NULL ORDER BY id LIMIT 1`,
    );
    const deep = await send('POST', `/api/admin/catalog/categories/${grand}/move`, catalog, {
      parentId: Number(otherLevel2[0]?.id),
    });
    expect(deep.status).toBe(409);
    expect((await errorOf(deep)).message).toBe(TREE_MESSAGES.moveTooDeep(3));
    const stocked = await categoryAt(4, true);
    const underStocked = await send('POST', `/api/admin/catalog/categories/${leafId}/move`, catalog, {
      parentId: stocked.id,
    });
    expect(underStocked.status).toBe(409);
    expect((await errorOf(underStocked)).message).toBe(TREE_MESSAGES.parentHasProducts);

    // the leaf moves up to level 3 (directly under the level-2 category): its address follows
    const moved = await send('POST', `/api/admin/catalog/categories/${leafId}/move`, catalog, {
      parentId: grand,
    });
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as { category: { level: number } }).category.level).toBe(3);
    const audit = await lastAudit('category.move', leafId);
    expect(audit?.before).toMatchObject({ parentId: parent.id, level: 4 });
    expect(audit?.after).toMatchObject({ parentId: grand, level: 3 });
    const old = await t.request(categoryListingPath(4, 'Study Lamps'), { redirect: 'manual' });
    expect(old.headers.get('location')).toBe(categoryListingPath(3, 'Study Lamps'));
  });

  it('retires an empty category (it leaves the listings and the menu) but not one with live products', async () => {
    const stocked = await categoryAt(4, true);
    const refused = await send('POST', `/api/admin/catalog/categories/${stocked.id}/retire`, catalog);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toMatch(/live products? (is|are) filed under this category/);

    expect(await (await t.request('/')).text()).toContain('Study Lamps');
    const res = await send('POST', `/api/admin/catalog/categories/${leafId}/retire`, catalog);
    expect(res.status).toBe(200);
    const audit = await lastAudit('category.retire', leafId);
    expect(audit?.before).toMatchObject({ isRetired: false });
    expect(audit?.after).toMatchObject({ isRetired: true, retired: ['Study Lamps'] });
    expect((await t.request(categoryListingPath(3, 'Study Lamps'))).status).toBe(404);
    const home = await (await t.request('/')).text();
    expect(home).not.toContain('Study Lamps');
    const again = await send('POST', `/api/admin/catalog/categories/${leafId}/retire`, catalog);
    expect(again.status).toBe(409);
    const rename = await send('PATCH', `/api/admin/catalog/categories/${leafId}`, catalog, {
      name: 'Lamps again',
    });
    expect(rename.status).toBe(409);
  });
});

describe('a leaf’s filters and values', () => {
  const change = (categoryId: number, body: unknown) =>
    send('POST', `/api/admin/catalog/categories/${categoryId}/attributes`, catalog, body);
  type Attributes = {
    attributes: { id: number; name: string; values: { id: number; value: string; useCount: number }[] }[];
  };

  it('adds, orders, renames and removes the values of a new leaf; Seller Central’s form offers them', async () => {
    const parent = await categoryAt(3, false);
    const added = await send('POST', '/api/admin/catalog/categories', catalog, {
      parentId: parent.id,
      name: 'Table Fans',
    });
    const leaf = ((await added.json()) as { category: { id: number } }).category.id;
    let res = await change(leaf, { op: 'addAttribute', name: 'Sweep' });
    expect(res.status).toBe(200);
    let attributes = ((await res.json()) as Attributes).attributes;
    const sweep = attributes[0]?.id ?? 0;
    for (const value of ['300 mm', '400 mm', '225 mm'])
      expect((await change(leaf, { op: 'addValue', attributeId: sweep, value })).status).toBe(200);
    const duplicate = await change(leaf, { op: 'addValue', attributeId: sweep, value: '400 MM' });
    expect(duplicate.status).toBe(409);
    expect((await errorOf(duplicate)).message).toBe(CATALOG_TREE_MESSAGES.duplicateValue('400 MM'));
    res = await send('GET', `/api/admin/catalog/categories/${leaf}`, catalog);
    attributes = ((await res.json()) as Attributes).attributes;
    const last = attributes[0]?.values.find((value) => value.value === '225 mm')?.id ?? 0;
    res = await change(leaf, { op: 'moveValue', valueId: last, direction: 'up' });
    res = await change(leaf, { op: 'moveValue', valueId: last, direction: 'up' });
    attributes = ((await res.json()) as Attributes).attributes;
    expect(attributes[0]?.values.map((value) => value.value)).toEqual(['225 mm', '300 mm', '400 mm']);
    expect((await change(leaf, { op: 'moveValue', valueId: last, direction: 'up' })).status).toBe(409);
    res = await change(leaf, { op: 'renameValue', valueId: last, value: '230 mm' });
    attributes = ((await res.json()) as Attributes).attributes;
    expect(attributes[0]?.values.map((value) => value.value)).toEqual(['230 mm', '300 mm', '400 mm']);
    const audit = await lastAudit('category.attributes', leaf);
    expect(audit?.before).toEqual({
      change: 'renameValue',
      filters: [{ name: 'Sweep', values: ['225 mm', '300 mm', '400 mm'] }],
    });
    expect(audit?.after).toEqual({
      change: 'renameValue',
      filters: [{ name: 'Sweep', values: ['230 mm', '300 mm', '400 mm'] }],
    });
    const fourHundred = attributes[0]?.values.find((value) => value.value === '400 mm')?.id ?? 0;
    expect((await change(leaf, { op: 'removeValue', valueId: fourHundred })).status).toBe(200);

    // Seller Central's new-product form offers the leaf and exactly these values, in this order
    // a seller registered for every category (none named)
    const [account] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, SELLER));
    await t.db
      .update(sellers)
      .set({ categoryIds: [] })
      .where(eq(sellers.userId, account?.id ?? 0));
    const seller = await t.loginCookie(SELLER);
    const options = (await (
      await send('GET', `/api/seller/products/form-options?categoryId=${leaf}`, seller)
    ).json()) as { categories: { id: number }[]; attributes: { name: string; values: string[] }[] };
    expect(options.categories.map((category) => category.id)).toContain(leaf);
    expect(options.attributes).toEqual([{ name: 'Sweep', values: ['230 mm', '300 mm'] }]);

    // filters belong to leaves: a category with categories below it has none
    const notLeaf = await change(parent.id, { op: 'addAttribute', name: 'Sweep' });
    expect(notLeaf.status).toBe(409);
    expect((await errorOf(notLeaf)).message).toBe(CATALOG_TREE_MESSAGES.notLeaf);
    const foreign = await change(leaf, { op: 'removeValue', valueId: 99999999 });
    expect(foreign.status).toBe(404);
  });

  it('keeps a value products carry; a rename carries those products along to the listing filters', async () => {
    const stocked = await categoryAt(4, true);
    const detail = (await (
      await send('GET', `/api/admin/catalog/categories/${stocked.id}`, catalog)
    ).json()) as Attributes;
    const used = detail.attributes.flatMap((attribute) =>
      attribute.values.filter((value) => value.useCount > 0).map((value) => ({ attribute, value })),
    )[0];
    if (!used) throw new Error('no value in use in a seeded leaf');
    const refused = await change(stocked.id, { op: 'removeValue', valueId: used.value.id });
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).message).toBe(CATALOG_TREE_MESSAGES.valueInUse(used.value.useCount));
    const removeFilter = await change(stocked.id, { op: 'removeAttribute', attributeId: used.attribute.id });
    expect(removeFilter.status).toBe(409);

    const renamed = `${used.value.value} Classic`;
    expect(
      (await change(stocked.id, { op: 'renameValue', valueId: used.value.id, value: renamed })).status,
    ).toBe(200);
    const [carried] = await queryRows<{ n: number }>(
      t.db,
      sql`SELECT count(*)::int AS n FROM product_attributes a JOIN products p ON p.id = a.product_id
           WHERE p.category_id = ${stocked.id} AND a.name = ${used.attribute.name} AND a.value = ${renamed}`,
    );
    expect(carried?.n).toBe(used.value.useCount);
    const listing = await (await t.request(categoryListingPath(4, stocked.name))).text();
    expect(listing).toContain(renamed);
  });
});

describe('brands', () => {
  let brandId = 0;

  it('lists brands by any part of the name, and refuses a broken query with a 400', async () => {
    const [some] = await t.db.select({ name: brands.name }).from(brands).orderBy(brands.id).limit(1);
    const part = (some?.name ?? '').slice(1, 4);
    const res = await send('GET', `/api/admin/catalog/brands?q=${encodeURIComponent(part)}`, catalog);
    expect(res.status).toBe(200);
    const page = (await res.json()) as { brands: { name: string; pagePath: string }[]; total: number };
    expect(page.brands.length).toBeGreaterThan(0);
    for (const brand of page.brands) expect(brand.name.toLowerCase()).toContain(part.toLowerCase());
    for (const query of ['q=%E0%A4%A', 'q=%00', 'page=0', 'page=abc', `q=${'x'.repeat(101)}`, 'q=%']) {
      const bad = await send('GET', `/api/admin/catalog/brands?${query}`, catalog);
      expect(bad.status, query).toBe(400);
    }
    const wild = await send('GET', '/api/admin/catalog/brands?q=%25%25', catalog);
    expect(((await wild.json()) as { total: number }).total).toBe(0);
  });

  it('adds a brand once when two staff add it at the same moment', async () => {
    const add = () =>
      send('POST', '/api/admin/catalog/brands', catalog, { name: 'Lumen Works', country: 'India' });
    const answers = await Promise.all([add(), add()]);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
    const created = answers.find((res) => res.status === 201);
    const refused = answers.find((res) => res.status === 409);
    if (!created || !refused) throw new Error('expected one of each');
    expect((await errorOf(refused)).message).toBe(CATALOG_TREE_MESSAGES.duplicateBrand('Lumen Works'));
    brandId = ((await created.json()) as { brand: { id: number } }).brand.id;
    const audit = await lastAudit('brand.add', brandId);
    expect(audit?.after).toMatchObject({
      name: 'Lumen Works',
      country: 'India',
      isRegistry: false,
      logo: null,
    });
  });

  it('edits the name and registry flag; the brand page shows the change', async () => {
    const res = await send('PATCH', `/api/admin/catalog/brands/${brandId}`, catalog, {
      name: 'Lumen Lighting',
      isRegistry: true,
      tagline: 'Light, made well',
    });
    expect(res.status).toBe(200);
    const audit = await lastAudit('brand.edit', brandId);
    expect(audit?.before).toMatchObject({ name: 'Lumen Works', isRegistry: false, tagline: null });
    expect(audit?.after).toMatchObject({
      name: 'Lumen Lighting',
      isRegistry: true,
      tagline: 'Light, made well',
    });
    const page = await (await t.request('/brandregistry/Lumen%20Lighting')).text();
    expect(page).toContain('Light, made well');
    const [taken] = await t.db
      .select({ name: brands.name })
      .from(brands)
      .where(sql`${brands.id} <> ${brandId}`)
      .limit(1);
    const clash = await send('PATCH', `/api/admin/catalog/brands/${brandId}`, catalog, {
      name: taken?.name.toUpperCase(),
    });
    expect(clash.status).toBe(409);
    const missing = await send('PATCH', '/api/admin/catalog/brands/99999999', catalog, { name: 'Nobody' });
    expect(missing.status).toBe(404);
  });

  it('takes a logo through the product-image pipeline in the sizes the shop uses', async () => {
    const post = (form: FormData | string, brand: number | string = brandId, type?: string) =>
      t.request(`/api/admin/catalog/brand-logo?brand=${brand}`, {
        method: 'POST',
        headers: { cookie: catalog, ...(type ? { 'content-type': type } : {}) },
        body: form,
      });
    const res = await post(logoForm(await png('#ffcc00')));
    expect(res.status).toBe(200);
    const { brand } = (await res.json()) as { brand: { logo: string } };
    expect(brand.logo).toMatch(new RegExp(`^/media/catalog/brands/${brandId}/[0-9a-f]{20}-192\\.webp$`));
    for (const width of [400, 192, 96])
      expect(
        existsSync(join(t.source.mediaDir, brand.logo.replace('/media/', '').replace('-192.', `-${width}.`))),
      ).toBe(true);
    expect((await t.request(brand.logo)).status).toBe(200);
    const audit = await lastAudit('brand.edit', brandId);
    expect(audit?.before).toMatchObject({ logo: null });
    expect(audit?.after).toMatchObject({ logo: brand.logo });
    const page = await (await t.request('/brandregistry/Lumen%20Lighting')).text();
    expect(page).toContain(brand.logo);

    expect((await post(logoForm('not an image', 'image/png'))).status).toBe(415);
    expect((await post('file=1', brandId, 'application/x-www-form-urlencoded')).status).toBe(415);
    expect((await post(logoForm(Buffer.alloc(2 * 1024 * 1024 + 10)))).status).toBe(413);
    expect((await post(logoForm(await png('#000000')), 99999999)).status).toBe(404);
    expect((await post(logoForm(await png('#000000')), 'abc')).status).toBe(400);
    expect((await post(new FormData())).status).toBe(400);
  });
});
