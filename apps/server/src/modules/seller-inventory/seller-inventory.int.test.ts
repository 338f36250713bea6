import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offerImports, offers, products, queryRows, sellers, users } from '@marketplace/db';
import {
  INVENTORY_MESSAGES,
  INVENTORY_SEARCH_LIMIT,
  type OfferImport,
  type OffersPage,
} from '@marketplace/domain/sellers/inventory-api';
import { OFFER_CSV_MESSAGES } from '@marketplace/domain/sellers/inventory-csv';
import { OFFER_MESSAGES } from '@marketplace/domain/sellers/offer-rules';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { createImport } from './imports.ts';

const DAKSHIN = 'dakshin-mart@sellers.example.com';
const GANGA = 'ganga-mercantile@sellers.example.com';
let t: TestApp;
let dakshin: string;
let ganga: string;
let shopper: string;
let dakshinId: number;
let gangaId: number;

beforeAll(async () => {
  t = await createTestApp();
  dakshin = await t.loginCookie(DAKSHIN);
  ganga = await t.loginCookie(GANGA);
  shopper = await t.loginCookie('priya@example.com');
  dakshinId = await sellerIdOf(DAKSHIN);
  gangaId = await sellerIdOf(GANGA);
});
afterAll(() => t.close());

async function sellerIdOf(email: string) {
  const [row] = await t.db
    .select({ id: sellers.id })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(eq(users.email, email));
  if (!row) throw new Error(`${email} is seeded`);
  return row.id;
}

async function runningImportsOf(sellerId: number) {
  return t.db
    .select({ id: offerImports.id })
    .from(offerImports)
    .where(and(eq(offerImports.sellerId, sellerId), eq(offerImports.status, 'running')));
}

async function offersOf(sellerId: number) {
  return t.db
    .select()
    .from(offers)
    .where(and(eq(offers.sellerId, sellerId), isNull(offers.closedAt)))
    .orderBy(offers.sku);
}

const get = (path: string, cookie: string | null) => t.request(path, { headers: cookie ? { cookie } : {} });
const patch = (id: number, body: unknown, cookie: string | null) =>
  t.request(`/api/seller/offers/${id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });

function upload(content: string | Uint8Array<ArrayBuffer>, cookie: string | null, fileName = 'offers.csv') {
  const form = new FormData();
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
  form.set('file', new Blob([bytes], { type: 'text/csv' }), fileName);
  return t.request('/api/seller/offer-imports', {
    method: 'POST',
    body: form,
    headers: cookie ? { cookie } : {},
  });
}

async function waitForImport(importId: number, cookie = dakshin): Promise<OfferImport> {
  for (let i = 0; i < 400; i++) {
    const res = await get(`/api/seller/offer-imports/${importId}`, cookie);
    const body = (await res.json()) as OfferImport;
    if (body.status !== 'running') return body;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the import did not finish');
}

async function uploadAndWait(content: string | Uint8Array<ArrayBuffer>, cookie = dakshin) {
  const res = await upload(content, cookie);
  expect(res.status).toBe(202);
  const { importId } = (await res.json()) as { importId: number };
  return waitForImport(importId, cookie);
}

describe('who may reach the inventory API', () => {
  it('answers a visitor 401 and a shopper 403 on every endpoint', async () => {
    for (const path of [
      '/api/seller/offers',
      '/api/seller/offers.csv',
      '/api/seller/offer-imports',
      '/api/seller/offer-imports/1',
    ]) {
      expect((await get(path, null)).status, path).toBe(401);
      expect((await get(path, shopper)).status, path).toBe(403);
    }
    expect((await patch(1, { salePricePaise: 100, mrpPaise: 100, stock: 1 }, null)).status).toBe(401);
    expect((await patch(1, { salePricePaise: 100, mrpPaise: 100, stock: 1 }, shopper)).status).toBe(403);
    expect((await upload('sku,price\nA,1\n', null)).status).toBe(401);
    expect((await upload('sku,price\nA,1\n', shopper)).status).toBe(403);
  });
});

describe('GET /api/seller/offers', () => {
  it('lists only the seller’s open offers, 50 a page, with filters and sorts', async () => {
    const mine = await offersOf(dakshinId);
    const res = await get('/api/seller/offers?sort=sku', dakshin);
    expect(res.status).toBe(200);
    const page = (await res.json()) as OffersPage;
    expect(page.total).toBe(mine.length);
    expect(page.offers.map((o) => o.sku)).toEqual(
      mine
        .map((o) => o.sku)
        .sort()
        .slice(0, 50),
    );
    const target = mine[0];
    if (!target) throw new Error('dakshin has offers');
    const bySku = (await (
      await get(`/api/seller/offers?q=${encodeURIComponent(target.sku)}`, dakshin)
    ).json()) as OffersPage;
    expect(bySku.offers.map((o) => o.offerId)).toContain(target.id);
    await t.db.update(offers).set({ stock: 3 }).where(eq(offers.id, target.id));
    const low = (await (await get('/api/seller/offers?lowStock=1', dakshin)).json()) as OffersPage;
    expect(low.offers.every((o) => o.stock <= 5)).toBe(true);
    expect(low.offers.map((o) => o.offerId)).toContain(target.id);
    const paused = (await (await get('/api/seller/offers?status=paused', dakshin)).json()) as OffersPage;
    expect(paused.offers.every((o) => !o.isActive)).toBe(true);
    const byPrice = (await (await get('/api/seller/offers?sort=price', dakshin)).json()) as OffersPage;
    const prices = byPrice.offers.map((o) => o.salePricePaise);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it('never shows another seller’s offers, even searched by their SKU', async () => {
    const [theirs] = await offersOf(gangaId);
    if (!theirs) throw new Error('ganga has offers');
    const page = (await (
      await get(`/api/seller/offers?q=${encodeURIComponent(theirs.sku)}`, dakshin)
    ).json()) as OffersPage;
    expect(page.offers.map((o) => o.offerId)).not.toContain(theirs.id);
  });

  it('refuses a bad query with 400, and takes wildcards as text', async () => {
    for (const query of ['sort=evil', 'status=closed', 'page=0', 'page=abc', `q=${'x'.repeat(101)}`]) {
      expect((await get(`/api/seller/offers?${query}`, dakshin)).status, query).toBe(400);
    }
    const wild = (await (await get('/api/seller/offers?q=%25', dakshin)).json()) as OffersPage;
    expect(wild.total).toBe(0);
  });
});

describe('GET /api/seller/offers searched', () => {
  it('finds offers by any part of the SKU or of the product name, counted with their filters', async () => {
    const mine = await offersOf(dakshinId);
    const [target] = mine;
    if (!target) throw new Error('dakshin has offers');
    const [product] = await t.db
      .select({ name: products.name })
      .from(products)
      .where(eq(products.id, target.productId));
    const word = product?.name.split(' ').find((w) => w.length >= 4) ?? '';
    const expected = await queryRows<{ id: number; is_active: boolean }>(
      t.db,
      sql`SELECT o.id, o.is_active FROM offers o JOIN products p ON p.id = o.product_id
          WHERE o.seller_id = ${dakshinId} AND o.closed_at IS NULL
            AND (o.sku ILIKE ${`%${word}%`} OR p.name ILIKE ${`%${word}%`})`,
    );
    const byName = (await (
      await get(`/api/seller/offers?q=${encodeURIComponent(word.toUpperCase())}`, dakshin)
    ).json()) as OffersPage;
    expect(byName).toMatchObject({ total: expected.length, moreThanTotal: false });
    expect(byName.offers.map((o) => o.offerId).sort()).toEqual(
      expected
        .map((e) => e.id)
        .sort()
        .slice(0, 50),
    );
    const active = (await (
      await get(`/api/seller/offers?q=${encodeURIComponent(word)}&status=active`, dakshin)
    ).json()) as OffersPage;
    expect(active.total).toBe(expected.filter((e) => e.is_active).length);
    // the middle of a SKU finds it
    const middle = target.sku.slice(1, -1);
    const bySku = (await (
      await get(`/api/seller/offers?q=${encodeURIComponent(middle)}`, dakshin)
    ).json()) as OffersPage;
    expect(bySku.offers.map((o) => o.offerId)).toContain(target.id);
  });

  it('sorts by product name without regard to case', async () => {
    const page = (await (await get('/api/seller/offers?sort=name', dakshin)).json()) as OffersPage;
    const names = page.offers.map((o) => o.productName.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(names.length).toBeGreaterThan(1);
  });

  it('counts a broad search up to its limit and pages through the first matches', async () => {
    // 1,100 offers of products named alike, for one seller
    const stamp = `Broadmatch ${Date.now().toString(36)}`;
    await t.db.execute(sql`
      INSERT INTO products (name, category_id, brand_id, main_image, description, hsn_code, gst_rate)
      SELECT ${stamp} || ' item ' || g.i, p.category_id, p.brand_id, p.main_image, '', p.hsn_code, p.gst_rate
      FROM generate_series(1, 1100) AS g(i), (SELECT * FROM products ORDER BY id LIMIT 1) AS p`);
    const [pin] = await offersOf(gangaId);
    await t.db.execute(sql`
      INSERT INTO offers (product_id, seller_id, sku, sale_price_paise, mrp_paise, stock, seller_pincode,
        weight_grams, pack_weight_grams, length_cm, width_cm, height_cm, parcel_type)
      SELECT p.id, ${gangaId}, 'BM-' || p.id, 10000, 20000, 5, ${pin?.sellerPincode ?? ''}, 500, 600, 20, 15, 10, 'unit'
      FROM products p WHERE p.name LIKE ${`${stamp} %`}`);
    try {
      const broad = (await (
        await get(`/api/seller/offers?q=${encodeURIComponent(stamp)}&page=99`, ganga)
      ).json()) as OffersPage;
      expect(broad).toMatchObject({
        total: INVENTORY_SEARCH_LIMIT,
        moreThanTotal: true,
        pages: 20,
        page: 20,
      });
      expect(broad.offers).toHaveLength(50);
      expect(broad.offers.every((o) => o.productName.startsWith(stamp))).toBe(true);
      const narrow = (await (
        await get(`/api/seller/offers?q=${encodeURIComponent(`${stamp} item 1099`)}`, ganga)
      ).json()) as OffersPage;
      expect(narrow).toMatchObject({ total: 1, moreThanTotal: false });
      // the seller's whole table still counts every offer
      const all = (await (await get('/api/seller/offers', ganga)).json()) as OffersPage;
      expect(all.total).toBeGreaterThan(1100);
      expect(all.moreThanTotal).toBe(false);
    } finally {
      await t.db.execute(sql`UPDATE offers SET closed_at = now(), is_active = false WHERE sku LIKE 'BM-%'`);
    }
  });
});

describe('PATCH /api/seller/offers/{id}', () => {
  it('saves price, M.R.P. and stock and refreshes the product’s lowest price', async () => {
    const [offer] = await offersOf(dakshinId);
    if (!offer) throw new Error('dakshin has offers');
    const res = await patch(offer.id, { salePricePaise: 100, mrpPaise: 200, stock: 7 }, dakshin);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      offerId: offer.id,
      salePricePaise: 100,
      mrpPaise: 200,
      stock: 7,
    });
    const [product] = await t.db.select().from(products).where(eq(products.id, offer.productId));
    expect(product?.lowestPricePaise).toBe(100);
  });

  it('refuses a price above the M.R.P. and negative stock, saving nothing', async () => {
    const [offer] = await offersOf(dakshinId);
    if (!offer) throw new Error('dakshin has offers');
    const above = await patch(offer.id, { salePricePaise: 300, mrpPaise: 200, stock: 1 }, dakshin);
    expect(above.status).toBe(400);
    expect(await above.json()).toMatchObject({
      error: { fields: { salePricePaise: OFFER_MESSAGES.priceAboveMrp } },
    });
    const negative = await patch(offer.id, { salePricePaise: 100, mrpPaise: 200, stock: -1 }, dakshin);
    expect(negative.status).toBe(400);
    for (const body of [
      {},
      { salePricePaise: '1', mrpPaise: 1, stock: 1 },
      { salePricePaise: 1.5, mrpPaise: 2, stock: 1 },
    ]) {
      expect((await patch(offer.id, body, dakshin)).status).toBe(400);
    }
    const [after] = await t.db.select().from(offers).where(eq(offers.id, offer.id));
    expect(after).toMatchObject({
      salePricePaise: offer.salePricePaise,
      mrpPaise: offer.mrpPaise,
      stock: offer.stock,
    });
  });

  it('answers 404 for another seller’s offer and changes nothing', async () => {
    const [theirs] = await offersOf(gangaId);
    if (!theirs) throw new Error('ganga has offers');
    const res = await patch(theirs.id, { salePricePaise: 100, mrpPaise: 200, stock: 1 }, dakshin);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { message: INVENTORY_MESSAGES.notFound } });
    const [after] = await t.db.select().from(offers).where(eq(offers.id, theirs.id));
    expect(after?.salePricePaise).toBe(theirs.salePricePaise);
  });
});

describe('GET /api/seller/offers.csv', () => {
  it('downloads every open offer as an attachment, formula cells escaped and quoted', async () => {
    const mine = await offersOf(dakshinId);
    const target = mine[1];
    if (!target) throw new Error('dakshin has offers');
    const hostile = '=HYPERLINK("http://evil.example","Click") , "quoted"';
    await t.db.update(products).set({ name: hostile }).where(eq(products.id, target.productId));
    const res = await get('/api/seller/offers.csv', dakshin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="offers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = await res.text();
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('sku,product_id,product_name,price,mrp,stock,max_per_order,dispatch_days,active');
    expect(lines).toHaveLength(mine.length + 1);
    const line = lines.find((l) => l.startsWith(`${target.sku},`));
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"",""Click"") , ""quoted"""`);
    // no other seller's offers
    const [theirs] = await offersOf(gangaId);
    expect(text).not.toContain(`\r\n${theirs?.sku},`);
  });
});

describe('POST /api/seller/offer-imports', () => {
  it('applies valid rows, reports each refused row with its line and reason, and refreshes lowest prices', async () => {
    const mine = await offersOf(dakshinId);
    const [a, b, c, d] = mine;
    const [theirs] = await offersOf(gangaId);
    if (!a || !b || !c || !d || !theirs) throw new Error('seeded offers');
    const csv = [
      '\uFEFFsku,product_name,price,mrp,stock',
      `${a.sku},ignored,101.50,250,12`,
      `${b.sku},,200,100,5`, // price above MRP
      `${c.sku},,,,-4`, // negative stock
      `${theirs.sku},,99,199,1`, // another seller's SKU
      `${a.sku},,1,2,3`, // repeated SKU
      `NOPE-${Date.now()},,1,2,3`,
      `${d.sku},,abc,,`,
      `${'Y'.repeat(2100)},,1,2,3`, // a line over the size cap
      `${b.sku},,1`, // wrong cell count
      '',
    ].join('\r\n');
    const done = await uploadAndWait(csv);
    expect(done).toMatchObject({
      status: 'done',
      totalRows: 9,
      processedRows: 9,
      appliedRows: 1,
      errorRows: 8,
      failure: null,
    });
    expect(done.errors.map((e) => [e.line, e.reason])).toEqual([
      [3, OFFER_MESSAGES.priceAboveMrp],
      [4, OFFER_CSV_MESSAGES.stock],
      [5, OFFER_CSV_MESSAGES.notYourSku],
      [6, OFFER_CSV_MESSAGES.duplicateSku(2)],
      [7, OFFER_CSV_MESSAGES.notYourSku],
      [8, OFFER_CSV_MESSAGES.price],
      [9, OFFER_CSV_MESSAGES.rowTooLong],
      [10, OFFER_CSV_MESSAGES.cellCount(3, 5)],
    ]);
    const [savedA] = await t.db.select().from(offers).where(eq(offers.id, a.id));
    expect(savedA).toMatchObject({ salePricePaise: 10150, mrpPaise: 25000, stock: 12 });
    const [savedB] = await t.db.select().from(offers).where(eq(offers.id, b.id));
    expect(savedB).toMatchObject({ salePricePaise: b.salePricePaise, mrpPaise: b.mrpPaise, stock: b.stock });
    const [untouched] = await t.db.select().from(offers).where(eq(offers.id, theirs.id));
    expect(untouched?.salePricePaise).toBe(theirs.salePricePaise);
    const [product] = await t.db.select().from(products).where(eq(products.id, a.productId));
    const [cheapest] = await t.db
      .select({ min: sql<number>`min(sale_price_paise)::int` })
      .from(offers)
      .where(and(eq(offers.productId, a.productId), eq(offers.isActive, true), sql`stock > 0`));
    expect(product?.lowestPricePaise).toBe(cheapest?.min);

    const report = await get(`/api/seller/offer-imports/${done.importId}/report.csv`, dakshin);
    expect(report.status).toBe(200);
    expect(report.headers.get('content-disposition')).toMatch(/^attachment;/);
    const reportText = await report.text();
    expect(reportText.split('\r\n')[0]).toBe('line,sku,reason');
    expect(reportText).toContain(`5,${theirs.sku},${OFFER_CSV_MESSAGES.notYourSku}`);

    const list = (await (await get('/api/seller/offer-imports', dakshin)).json()) as {
      imports: { importId: number }[];
    };
    expect(list.imports[0]?.importId).toBe(done.importId);
  });

  it.each([
    ['an empty file', '', OFFER_CSV_MESSAGES.empty],
    ['blank lines only', '\r\n\r\n', OFFER_CSV_MESSAGES.empty],
    ['a missing header (data first)', 'DM-1,100,200,3\n', OFFER_CSV_MESSAGES.unknownColumn('DM-1')],
    ['no sku column', 'price,stock\n1,2\n', OFFER_CSV_MESSAGES.noSku],
    ['nothing to change', 'sku,product_name\nA,B\n', OFFER_CSV_MESSAGES.noChange],
    ['wrong columns', 'sku,price,colour\nA,1,red\n', OFFER_CSV_MESSAGES.unknownColumn('colour')],
    ['a header only', 'sku,price\n', OFFER_CSV_MESSAGES.noRows],
    ['an unclosed quote', 'sku,price\n"A,1\n', OFFER_CSV_MESSAGES.malformed(2)],
  ])('refuses %s with a clear message and starts nothing', async (_name, content, message) => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(offerImports);
    const res = await upload(content, dakshin);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', message } });
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(offerImports);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it('refuses a Latin-1 file, invalid UTF-8 bytes and UTF-16 as not UTF-8', async () => {
    const latin1 = Uint8Array.from(
      [...'sku,product_name,price\nA,Caf'].map((ch) => ch.charCodeAt(0)).concat([0xe9, 0x2c, 0x31, 0x0a]),
    );
    const broken = Uint8Array.from([
      0x73, 0x6b, 0x75, 0x2c, 0x70, 0x72, 0x69, 0x63, 0x65, 0x0a, 0xc3, 0x28, 0x2c, 0x31,
    ]);
    const utf16 = new Uint8Array(Buffer.from('sku,price\nA,1\n', 'utf16le'));
    for (const bytes of [latin1, broken, utf16]) {
      const res = await upload(bytes, dakshin);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { message: OFFER_CSV_MESSAGES.notUtf8 } });
    }
  });

  it('refuses a single 10 MB row as over the size limit, and a file sent as JSON', async () => {
    const huge = `sku,price\n${'A'.repeat(10 * 1024 * 1024)},1\n`;
    const res = await upload(huge, dakshin);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { message: OFFER_CSV_MESSAGES.tooLarge } });
    const json = await t.request('/api/seller/offer-imports', {
      method: 'POST',
      headers: { cookie: dakshin, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(415);
  });

  it('refuses an upload while another of the seller’s runs, with a clear message', async () => {
    const [running] = await t.db
      .insert(offerImports)
      .values({ sellerId: dakshinId, fileName: 'running.csv', status: 'running', totalRows: 10 })
      .returning({ id: offerImports.id });
    try {
      const [a] = await offersOf(dakshinId);
      const res = await upload(`sku,stock\n${a?.sku},9\n`, dakshin);
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({
        error: { code: 'CONFLICT', message: INVENTORY_MESSAGES.importRunning },
      });
      // another seller is not held up by it
      const [theirs] = await offersOf(gangaId);
      const done = await uploadAndWait(`sku,stock\n${theirs?.sku},9\n`, ganga);
      expect(done).toMatchObject({ status: 'done', appliedRows: 1 });
    } finally {
      await t.db
        .update(offerImports)
        .set({ status: 'failed' })
        .where(eq(offerImports.id, running?.id ?? 0));
    }
  });

  it('lets exactly one of two uploads sent together start', async () => {
    // the start itself, raced without the background run in between (over HTTP the first file
    // may finish before the second arrives on a busy machine, and then both rightly start)
    const starts = await Promise.all(
      Array.from({ length: 4 }, () => createImport(t.db, dakshinId, 'offers.csv', 10)),
    );
    try {
      expect(starts.map((s) => s.code).sort()).toEqual(['RUNNING', 'RUNNING', 'RUNNING', 'STARTED']);
      expect(await runningImportsOf(dakshinId)).toHaveLength(1);
      // over HTTP the seller is then refused while it runs
      const [a] = await offersOf(dakshinId);
      expect((await upload(`sku,stock\n${a?.sku},9\n`, dakshin)).status).toBe(409);
    } finally {
      await t.db
        .update(offerImports)
        .set({ status: 'failed' })
        .where(and(eq(offerImports.sellerId, dakshinId), eq(offerImports.status, 'running')));
    }
  });

  it('answers 404 for another seller’s upload and its report', async () => {
    const [a] = await offersOf(dakshinId);
    if (!a) throw new Error('seeded offers');
    const done = await uploadAndWait(`sku,stock\n${a.sku},8\n`);
    expect((await get(`/api/seller/offer-imports/${done.importId}`, ganga)).status).toBe(404);
    expect((await get(`/api/seller/offer-imports/${done.importId}/report.csv`, ganga)).status).toBe(404);
    const theirList = (await (await get('/api/seller/offer-imports', ganga)).json()) as {
      imports: { importId: number }[];
    };
    expect(theirList.imports.map((i) => i.importId)).not.toContain(done.importId);
    expect((await get('/api/seller/offer-imports/abc', dakshin)).status).toBe(400);
  });

  it('applies a file larger than one batch, and a batch the database refuses leaves nothing of itself', async () => {
    const mine = await offersOf(dakshinId);
    expect(mine.length).toBeGreaterThan(2);
    // 2,500 rows: three batches of the seller's SKUs repeated as unknown SKUs after the real ones
    const rows: string[] = [];
    for (let i = 0; i < 2500; i++) {
      const offer = mine[i];
      rows.push(offer ? `${offer.sku},${(i % 7) + 11}` : `MISSING-${i},1`);
    }
    // the database refuses any update of the second offer: a fault in the first batch
    const faulty = mine[1];
    if (!faulty) throw new Error('seeded offers');
    await t.db.execute(
      sql.raw(`CREATE FUNCTION refuse_offer() RETURNS trigger AS $$ BEGIN
        IF NEW.id = ${faulty.id} THEN RAISE EXCEPTION 'refused for the test'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`),
    );
    await t.db.execute(
      sql.raw(
        'CREATE TRIGGER refuse_offer BEFORE UPDATE ON offers FOR EACH ROW EXECUTE FUNCTION refuse_offer()',
      ),
    );
    const before = await offersOf(dakshinId);
    try {
      const failed = await uploadAndWait(`sku,stock\n${rows.join('\n')}\n`);
      expect(failed).toMatchObject({ status: 'failed', processedRows: 0, appliedRows: 0 });
      expect(failed.failure).toMatch(/lines 2 to 1001 could not be saved/);
      const after = await offersOf(dakshinId);
      expect(after.map((o) => o.stock)).toEqual(before.map((o) => o.stock));
    } finally {
      await t.db.execute(sql.raw('DROP TRIGGER refuse_offer ON offers'));
      await t.db.execute(sql.raw('DROP FUNCTION refuse_offer()'));
    }
    const done = await uploadAndWait(`sku,stock\n${rows.join('\n')}\n`);
    expect(done).toMatchObject({
      status: 'done',
      totalRows: 2500,
      processedRows: 2500,
      appliedRows: Math.min(2500, mine.length),
    });
    expect(done.errorRows).toBe(2500 - Math.min(2500, mine.length));
    const [first] = await t.db
      .select()
      .from(offers)
      .where(eq(offers.id, mine[0]?.id ?? 0));
    expect(first?.stock).toBe(11);
  });

  it('marks an upload that stopped with its server as failed, and lets the next one start', async () => {
    const [stale] = await t.db
      .insert(offerImports)
      .values({
        sellerId: dakshinId,
        fileName: 'old.csv',
        status: 'running',
        totalRows: 10,
        createdAt: new Date(Date.now() - 3_600_000),
      })
      .returning({ id: offerImports.id });
    const found = (await (
      await get(`/api/seller/offer-imports/${stale?.id}`, dakshin)
    ).json()) as OfferImport;
    expect(found).toMatchObject({ status: 'failed' });
    expect(found.failure).toMatch(/stopped before it finished/);
    const [a] = await offersOf(dakshinId);
    expect((await uploadAndWait(`sku,stock\n${a?.sku},4\n`)).status).toBe('done');
  });
});
