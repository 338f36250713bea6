import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers, sellers, users } from '@marketplace/db';
import {
  BULK_SAVE_LIMITS,
  BULK_SAVE_MESSAGES,
  type BulkSaveResult,
  type BulkSaveRow,
  shownText,
} from '@marketplace/domain/sellers/inventory-bulk';
import { paiseToRupeesText } from '@marketplace/domain/sellers/inventory-csv';
import { OFFER_MESSAGES } from '@marketplace/domain/sellers/offer-rules';
import { verifiedStaff } from '../../../test-support/staff.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';

const DAKSHIN = 'dakshin-mart@sellers.example.com';
const GANGA = 'ganga-mercantile@sellers.example.com';
let t: TestApp;
let dakshin: string;
let ganga: string;
let dakshinId: number;
let gangaId: number;

beforeAll(async () => {
  t = await createTestApp();
  dakshin = await t.loginCookie(DAKSHIN);
  ganga = await t.loginCookie(GANGA);
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

type Offer = typeof offers.$inferSelect;
/** `count` open offers of a seller, each priced well below its M.R.P., with stock to spare. */
async function offersOf(sellerId: number, count: number, skip = 0): Promise<Offer[]> {
  const rows = await t.db
    .select()
    .from(offers)
    .where(and(eq(offers.sellerId, sellerId), isNull(offers.closedAt)))
    .orderBy(offers.id)
    .limit(count)
    .offset(skip);
  if (rows.length < count) throw new Error('the seed has enough offers');
  await t.db
    .update(offers)
    .set({ salePricePaise: 40_000, mrpPaise: 60_000, stock: 20 })
    .where(
      inArray(
        offers.id,
        rows.map((row) => row.id),
      ),
    );
  return t.db
    .select()
    .from(offers)
    .where(
      inArray(
        offers.id,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(offers.id);
}

async function stored(ids: number[]) {
  const rows = await t.db
    .select({
      id: offers.id,
      salePricePaise: offers.salePricePaise,
      mrpPaise: offers.mrpPaise,
      stock: offers.stock,
      version: offers.version,
    })
    .from(offers)
    .where(inArray(offers.id, ids))
    .orderBy(offers.id);
  return rows;
}

const saveAll = (body: unknown, cookie: string | null, raw = false) =>
  t.request('/api/seller/offers', {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: raw ? (body as string) : JSON.stringify(body),
  });

const rowOf = (offer: Offer, over: Partial<BulkSaveRow> = {}): BulkSaveRow => ({
  offerId: offer.id,
  version: offer.version,
  salePricePaise: offer.salePricePaise,
  mrpPaise: offer.mrpPaise,
  stock: offer.stock,
  ...over,
});

describe('PATCH /api/seller/offers: Save all', () => {
  it('saves the rows that pass and refuses the others whole, each with its reason', async () => {
    const [a, b, c, d] = await offersOf(dakshinId, 4);
    if (!a || !b || !c || !d) throw new Error('four offers');
    const before = await stored([b.id, c.id, d.id]);
    const res = await saveAll(
      {
        rows: [
          rowOf(a, { salePricePaise: 45_000, stock: 9 }),
          // a good stock with a price above the M.R.P.: the row changes nothing, its stock neither
          rowOf(b, { salePricePaise: 70_000, stock: 3 }),
          rowOf(c, { stock: -4, salePricePaise: 30_000 }),
          rowOf(d, { mrpPaise: 1e20 }),
        ],
      },
      dakshin,
    );
    expect(res.status).toBe(200);
    const result = (await res.json()) as BulkSaveResult;
    expect(result.saved.map((row) => [row.offerId, row.salePricePaise, row.stock])).toEqual([
      [a.id, 45_000, 9],
    ]);
    expect(result.saved[0]?.version).toBe(a.version + 1);
    expect(result.refused.map((row) => [row.offerId, row.code, row.fields])).toEqual([
      [b.id, 'INVALID', { salePricePaise: OFFER_MESSAGES.priceAboveMrp }],
      [c.id, 'INVALID', { stock: OFFER_MESSAGES.stock }],
      [d.id, 'INVALID', { mrpPaise: OFFER_MESSAGES.price }],
    ]);
    expect(await stored([b.id, c.id, d.id])).toEqual(before);
  });

  it('refuses a row an order changed since the page was loaded, and says what it holds now', async () => {
    const [a, b] = await offersOf(dakshinId, 2, 4);
    if (!a || !b) throw new Error('two offers');
    // an order takes two units after the seller opened the page
    await t.db
      .update(offers)
      .set({ stock: sql`${offers.stock} - 2` })
      .where(eq(offers.id, a.id));
    const res = await saveAll({ rows: [rowOf(a, { stock: 25 }), rowOf(b, { stock: 25 })] }, dakshin);
    const result = (await res.json()) as BulkSaveResult;
    expect(result.saved.map((row) => row.offerId)).toEqual([b.id]);
    expect(result.refused).toMatchObject([
      { offerId: a.id, code: 'STALE', message: BULK_SAVE_MESSAGES.stale, current: { stock: 18 } },
    ]);
    expect((await stored([a.id]))[0]).toMatchObject({ stock: 18, version: a.version + 1 });
    // saved again from the version it now shows: saved
    const again = (await (
      await saveAll({ rows: [rowOf(a, { version: a.version + 1, stock: 25 })] }, dakshin)
    ).json()) as BulkSaveResult;
    expect(again.saved.map((row) => row.stock)).toEqual([25]);
  });

  it('moves the version on every change of price, M.R.P. or stock, and only then', async () => {
    const [a] = await offersOf(dakshinId, 1, 6);
    if (!a) throw new Error('an offer');
    await t.db.update(offers).set({ warrantyInfo: 'One year' }).where(eq(offers.id, a.id));
    expect((await stored([a.id]))[0]?.version).toBe(a.version);
    await t.db.update(offers).set({ mrpPaise: 61_000 }).where(eq(offers.id, a.id));
    expect((await stored([a.id]))[0]?.version).toBe(a.version + 1);
  });

  it('refuses every copy of an offer sent twice, and saves the rest', async () => {
    const [a, b] = await offersOf(dakshinId, 2, 7);
    if (!a || !b) throw new Error('two offers');
    const result = (await (
      await saveAll(
        { rows: [rowOf(a, { stock: 1 }), rowOf(b, { stock: 2 }), rowOf(a, { stock: 3 })] },
        dakshin,
      )
    ).json()) as BulkSaveResult;
    expect(result.saved.map((row) => row.offerId)).toEqual([b.id]);
    expect(result.refused.map((row) => [row.offerId, row.code])).toEqual([
      [a.id, 'DUPLICATE'],
      [a.id, 'DUPLICATE'],
    ]);
    expect((await stored([a.id]))[0]?.stock).toBe(20);
  });

  it('refuses another seller’s offers and a closed one as not found, leaving them untouched', async () => {
    const [theirs] = await offersOf(gangaId, 1);
    const [mine, closed] = await offersOf(dakshinId, 2, 9);
    if (!theirs || !mine || !closed) throw new Error('offers');
    await t.db.update(offers).set({ closedAt: new Date(), isActive: false }).where(eq(offers.id, closed.id));
    const closedNow = (await stored([closed.id]))[0];
    const result = (await (
      await saveAll(
        {
          rows: [
            rowOf(theirs, { stock: 999 }),
            rowOf(mine, { stock: 5 }),
            rowOf(closed, { version: closedNow?.version ?? 0, stock: 5 }),
          ],
        },
        dakshin,
      )
    ).json()) as BulkSaveResult;
    expect(result.saved.map((row) => row.offerId)).toEqual([mine.id]);
    expect(result.refused.map((row) => [row.offerId, row.code, row.current])).toEqual([
      [theirs.id, 'NOT_FOUND', null],
      [closed.id, 'NOT_FOUND', null],
    ]);
    expect((await stored([theirs.id]))[0]).toMatchObject({ stock: 20, version: theirs.version });
  });

  it('applies two identical saves sent together once', async () => {
    const [a, b] = await offersOf(dakshinId, 2, 11);
    if (!a || !b) throw new Error('two offers');
    const body = { rows: [rowOf(a, { stock: 7 }), rowOf(b, { salePricePaise: 39_900 })] };
    const answers = await Promise.all([
      saveAll(body, dakshin),
      saveAll(body, dakshin),
      saveAll(body, dakshin),
    ]);
    for (const res of answers) {
      expect(res.status).toBe(200);
      const result = (await res.json()) as BulkSaveResult;
      // the later ones find the values already there: saved, not applied again
      expect(result.saved.map((row) => row.offerId)).toEqual([a.id, b.id]);
      expect(result.refused).toEqual([]);
    }
    expect(await stored([a.id, b.id])).toEqual([
      { id: a.id, salePricePaise: 40_000, mrpPaise: 60_000, stock: 7, version: a.version + 1 },
      { id: b.id, salePricePaise: 39_900, mrpPaise: 60_000, stock: 20, version: b.version + 1 },
    ]);
  });

  it.each([
    ['no rows', { rows: [] }, 400],
    ['no list', {}, 400],
    ['rows that are not a list', { rows: 'all' }, 400],
    [
      'a price as text',
      { rows: [{ offerId: 1, version: 1, salePricePaise: '499', mrpPaise: 1, stock: 1 }] },
      400,
    ],
    ['no version', { rows: [{ offerId: 1, salePricePaise: 1, mrpPaise: 1, stock: 1 }] }, 400],
    [
      'an offer id of 0',
      { rows: [{ offerId: 0, version: 1, salePricePaise: 1, mrpPaise: 1, stock: 1 }] },
      400,
    ],
    ['null', null, 400],
  ])('refuses %s with %s', async (_name, body, status) => {
    const res = await saveAll(body, dakshin);
    expect(res.status).toBe(status);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBeTruthy();
  });

  it('refuses a NUL byte and broken JSON with 400, never 500', async () => {
    expect(
      (
        await saveAll(
          '{"rows":[{"offerId":1,"version":1,"salePricePaise":1,"mrpPaise":1,"stock":1,"x":"a\\u0000"}]}',
          dakshin,
          true,
        )
      ).status,
    ).toBe(400);
    expect((await saveAll('{"rows":[', dakshin, true)).status).toBe(400);
  });

  it(`refuses more than ${BULK_SAVE_LIMITS.maxRows} rows with 413, saving nothing`, async () => {
    const [a] = await offersOf(dakshinId, 1, 13);
    if (!a) throw new Error('an offer');
    const rows = [
      rowOf(a, { stock: 1 }),
      ...Array.from({ length: BULK_SAVE_LIMITS.maxRows }, (_, i) => rowOf(a, { offerId: 1_000_000 + i })),
    ];
    const res = await saveAll({ rows }, dakshin);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: { message: BULK_SAVE_MESSAGES.tooMany } });
    expect((await stored([a.id]))[0]?.stock).toBe(20);
  });

  it('answers a visitor 401, and a shopper and staff without a seller account 403', async () => {
    const [a] = await offersOf(dakshinId, 1, 14);
    if (!a) throw new Error('an offer');
    const body = { rows: [rowOf(a, { stock: 1 })] };
    expect((await saveAll(body, null)).status).toBe(401);
    expect((await saveAll(body, await t.loginCookie('priya@example.com'))).status).toBe(403);
    const staff = await verifiedStaff(t, 'owner@staff.example.com', 'owner');
    expect((await saveAll(body, staff.cookie)).status).toBe(403);
    expect((await stored([a.id]))[0]?.stock).toBe(20);
  });
});

/** The inventory page's one form, as a browser without scripts posts it. */
function pageForm(
  rows: { offer: Offer; price?: string; mrp?: string; stock?: string }[],
  extra: Record<string, string> = {},
) {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(extra)) form.append(name, value);
  for (const { offer, price, mrp, stock } of rows) {
    form.append(`price.${offer.id}`, price ?? paiseToRupeesText(offer.salePricePaise));
    form.append(`mrp.${offer.id}`, mrp ?? paiseToRupeesText(offer.mrpPaise));
    form.append(`stock.${offer.id}`, stock ?? String(offer.stock));
    form.append(`version.${offer.id}`, String(offer.version));
    form.append(`shown.${offer.id}`, shownText(offer));
  }
  return form.toString();
}
const postPage = (body: string, cookie: string | null = ganga) =>
  t.request('/sellercentral/inventory', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    body,
    redirect: 'manual',
  });

describe('the inventory page’s Save all without scripts', () => {
  it('saves the edited rows, keeps a refused row as typed with its reason, and sums up', async () => {
    const [a, b, c] = await offersOf(gangaId, 3, 1);
    if (!a || !b || !c) throw new Error('three offers');
    // an order takes stock from the untouched row: it is not sent, so not refused
    await t.db
      .update(offers)
      .set({ stock: sql`${offers.stock} - 1` })
      .where(eq(offers.id, c.id));
    const res = await postPage(
      pageForm([{ offer: a, price: '350', stock: '11' }, { offer: b, price: '900' }, { offer: c }], {
        intent: 'save-all',
      }),
    );
    const html = await res.text();
    expect(res.status, html.slice(0, 300)).toBe(200);
    expect(html).toContain('1 saved, 1 needs attention');
    expect(html).toContain('value="900"');
    expect(html).toContain(OFFER_MESSAGES.priceAboveMrp);
    expect(await stored([a.id, b.id, c.id])).toEqual([
      { id: a.id, salePricePaise: 35_000, mrpPaise: 60_000, stock: 11, version: a.version + 1 },
      { id: b.id, salePricePaise: 40_000, mrpPaise: 60_000, stock: 20, version: b.version },
      { id: c.id, salePricePaise: 40_000, mrpPaise: 60_000, stock: 19, version: c.version + 1 },
    ]);
  });

  it('refuses a row changed since the page was loaded with its reason', async () => {
    const [a] = await offersOf(gangaId, 1, 4);
    if (!a) throw new Error('an offer');
    await t.db
      .update(offers)
      .set({ stock: sql`${offers.stock} - 3` })
      .where(eq(offers.id, a.id));
    const html = await (await postPage(pageForm([{ offer: a, stock: '40' }], { intent: 'save-all' }))).text();
    expect(html).toContain('0 saved, 1 needs attention');
    expect(html).toContain('It now has price ₹400.00, M.R.P. ₹600.00 and stock 17.');
    expect((await stored([a.id]))[0]?.stock).toBe(17);
  });

  it('saves one row from its own Save button, the other edits left unsaved', async () => {
    const [a, b] = await offersOf(gangaId, 2, 5);
    if (!a || !b) throw new Error('two offers');
    const res = await postPage(
      pageForm(
        [
          { offer: a, stock: '3' },
          { offer: b, stock: '4' },
        ],
        { saveRow: String(b.id) },
      ),
    );
    expect(res.status).toBe(200);
    expect((await stored([a.id, b.id])).map((row) => row.stock)).toEqual([20, 4]);
  });

  it('asks for a change when nothing was edited', async () => {
    const [a] = await offersOf(gangaId, 1, 7);
    if (!a) throw new Error('an offer');
    const res = await postPage(pageForm([{ offer: a }], { intent: 'save-all' }));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(BULK_SAVE_MESSAGES.empty);
  });

  it.each([
    [
      'a NUL byte',
      (id: number) =>
        `intent=save-all&price.${id}=4%0000&mrp.${id}=600&stock.${id}=20&version.${id}=1&shown.${id}=x`,
    ],
    [
      'broken percent-encoding',
      (id: number) =>
        `intent=save-all&price.${id}=%E0%A4%&mrp.${id}=600&stock.${id}=%ZZ&version.${id}=1&shown.${id}=x`,
    ],
    [
      'text for numbers',
      (id: number) =>
        `intent=save-all&price.${id}=four&mrp.${id}=six&stock.${id}=lots&version.${id}=1&shown.${id}=x`,
    ],
    [
      'a negative stock and a huge price',
      (id: number) =>
        `intent=save-all&price.${id}=99999999999999999999&mrp.${id}=600&stock.${id}=-5&version.${id}=1&shown.${id}=x`,
    ],
  ])('refuses %s in a row without a 500, changing nothing', async (_name, body) => {
    const [a] = await offersOf(gangaId, 1, 8);
    if (!a) throw new Error('an offer');
    const before = await stored([a.id]);
    const res = await postPage(body(a.id));
    expect(res.status).toBeLessThan(500);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(await res.text()).toContain('need');
    expect(await stored([a.id])).toEqual(before);
  });

  it(`refuses a form of more than ${BULK_SAVE_LIMITS.maxRows} rows with 413`, async () => {
    const fields = Array.from(
      { length: BULK_SAVE_LIMITS.maxRows + 1 },
      (_, i) => `price.${i + 1}=1&mrp.${i + 1}=1&stock.${i + 1}=1&version.${i + 1}=1`,
    );
    const res = await postPage(`intent=save-all&${fields.join('&')}`);
    expect(res.status).toBe(413);
    expect(await res.text()).toContain(BULK_SAVE_MESSAGES.tooMany);
  });

  it('sends a visitor to log in and a shopper to join, saving nothing', async () => {
    const [a] = await offersOf(gangaId, 1, 9);
    if (!a) throw new Error('an offer');
    const body = pageForm([{ offer: a, stock: '2' }], { intent: 'save-all' });
    const visitor = await postPage(body, null);
    expect([302, 303]).toContain(visitor.status);
    expect(visitor.headers.get('location')).toContain('/login');
    const shopper = await postPage(body, await t.loginCookie('priya@example.com'));
    // the API refuses the shopper (403); the page then sends an account that is not a seller to join
    expect(shopper.status).toBe(302);
    expect(shopper.headers.get('location')).toBe('/sellercentral/join');
    expect((await stored([a.id]))[0]?.stock).toBe(20);
  });
});
