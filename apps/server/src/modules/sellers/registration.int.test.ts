import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, offers, sellerDocuments, sellers, users } from '@marketplace/db';
import { SELLER_JOIN_MESSAGES as M, type SellerProfile } from '@marketplace/domain/sellers/seller-join';
import { joinFields, joinForm, PDF_BYTES, PNG_BYTES, TEST_GSTIN } from '../../../test-support/seller-join.ts';
import { SHIPPING_ZONE_MESSAGES } from '@marketplace/domain/delivery/shipping-zones-api';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { gstinCheckCharacter } from '@marketplace/domain/sellers/tax-identity';
import { DOCUMENT_PREFIX_MESSAGES } from '@marketplace/domain/tax/document-series';

let t: TestApp;
let topIds: number[];
beforeAll(async () => {
  t = await createTestApp();
  topIds = (await t.db.select({ id: categories.id }).from(categories).where(eq(categories.level, 1))).map(
    (row) => row.id,
  );
});
afterAll(() => t.close());

let accounts = 0;
/** A new shopper account (not a seller) and its session cookie. */
async function newAccount() {
  accounts += 1;
  const email = `joiner${accounts}@example.com`;
  await t.db
    .insert(users)
    .values({ email, passwordHash: 'x', firstName: 'New', lastName: `Seller ${accounts}` });
  return { email, cookie: await t.loginCookie(email) };
}

const submit = (form: FormData | string, cookie: string | null, type?: string) =>
  t.request('/api/seller/registration', {
    method: 'POST',
    headers: { ...(cookie ? { cookie } : {}), ...(type ? { 'content-type': type } : {}) },
    body: form,
  });

const get = (path: string, cookie: string | null) => t.request(path, { headers: cookie ? { cookie } : {} });

async function sellerRowsOf(email: string) {
  return t.db
    .select({ id: sellers.id, status: sellers.status })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(eq(users.email, email));
}

/** A unique display name per test, so the tests do not collide on it. */
const named = (name: string) => joinFields({ displayName: name });

describe('GET /api/seller/registration', () => {
  it('answers a visitor 401, and an account that has not applied the top categories and no application', async () => {
    expect((await get('/api/seller/registration', null)).status).toBe(401);
    const { cookie } = await newAccount();
    const res = await get('/api/seller/registration', cookie);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { categories: { id: number }[]; application: unknown };
    expect(body.categories.map((c) => c.id).sort()).toEqual([...topIds].sort());
    expect(body.application).toBeNull();
  });
});

describe('POST /api/seller/registration', () => {
  it('makes a pending seller with its documents and the seller role, in one go', async () => {
    const { email, cookie } = await newAccount();
    const res = await submit(joinForm(named('Lakshmi Traders'), [topIds[0] ?? 0, topIds[1] ?? 0]), cookie);
    expect(res.status).toBe(201);
    const body = (await res.json()) as { application: SellerProfile; message: string };
    expect(body.message).toBe(M.submitted);
    expect(body.application).toMatchObject({
      status: 'pending',
      displayName: 'Lakshmi Traders',
      gstin: TEST_GSTIN,
      taxStatus: 'registered',
      state: 'Karnataka',
      pickupPincode: '560009',
      bankAccountMasked: '•••• 9012',
    });
    expect(JSON.stringify(body)).not.toContain('123456789012');
    expect(body.application.documents.map((d) => [d.kind, d.contentType]).sort()).toEqual([
      ['cancelled_cheque', 'image/png'],
      ['gst_certificate', 'application/pdf'],
    ]);
    const [user] = await t.db.select({ role: users.role }).from(users).where(eq(users.email, email));
    expect(user?.role).toBe('seller');
    const me = await get('/api/seller/me', cookie);
    expect(await me.json()).toMatchObject({ status: 'pending', name: 'Lakshmi Traders' });
    // only an approved seller sells
    expect((await get('/api/seller/shipping-zones', cookie)).status).toBe(403);
    // a second submission while pending is refused, nothing changes
    const again = await submit(joinForm(named('Lakshmi Traders Two'), [topIds[0] ?? 0]), cookie);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { message: M.alreadyApplied } });
    expect(await sellerRowsOf(email)).toHaveLength(1);
  });

  // requirements#courier-opt-in
  it.each([
    ['ships with Bazaar courier when it chooses it', 'courier', true],
    ['ships itself when it chooses to', 'self', false],
    ['ships with Bazaar courier when the form leaves the choice out', undefined, true],
  ])('makes a seller who %s', async (_case, shippingMethod, expected) => {
    const { email, cookie } = await newAccount();
    const res = await submit(
      joinForm(joinFields({ displayName: `Shipper ${accounts}`, shippingMethod }), [topIds[0] ?? 0]),
      cookie,
    );
    expect(res.status).toBe(201);
    const [row] = await t.db
      .select({ shipsWithCourier: sellers.shipsWithCourier })
      .from(sellers)
      .innerJoin(users, eq(users.id, sellers.userId))
      .where(eq(users.email, email));
    expect(row?.shipsWithCourier).toBe(expected);
  });

  it('answers a visitor 401 and refuses a body that is not multipart', async () => {
    expect((await submit(joinForm(named('Visitor'), [topIds[0] ?? 0]), null)).status).toBe(401);
    const { cookie } = await newAccount();
    const json = await submit(JSON.stringify(named('Json')), cookie, 'application/json');
    expect(json.status).toBe(415);
    const broken = await submit(
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
      cookie,
      'multipart/form-data; boundary=zzz',
    );
    expect(broken.status).toBe(400);
  });

  it.each([
    [
      'an invalid GSTIN check character',
      { gstin: `${TEST_GSTIN.slice(0, 14)}${TEST_GSTIN.endsWith('A') ? 'B' : 'A'}` },
      'gstin',
      M.gstinCheck,
    ],
    ['a PAN other than the GSTIN’s', { pan: 'AAPFU0939G' }, 'pan', M.panMismatch],
    ['an unknown pickup pincode', { pickupPincode: '999999' }, 'pickupPincode', M.unknownPincode],
    ['an unknown return pincode', { returnPincode: '100000' }, 'returnPincode', M.unknownPincode],
    ['a bad IFSC', { bankIfsc: 'SBIN1234567' }, 'bankIfsc', M.bankIfsc],
    ['HTML in the display name', { displayName: '<script>alert(1)</script>' }, 'displayName', M.noMarkup],
    ['a NUL byte in the legal name', { legalName: 'Lakshmi\u0000Traders' }, 'legalName', M.noMarkup],
    ['a missing contact', { contactName: undefined }, 'contactName', M.contactName],
    [
      'an unknown way of shipping',
      { shippingMethod: 'drone' },
      'shippingMethod',
      SHIPPING_ZONE_MESSAGES.shippingMethod,
    ],
    [
      'a NUL byte in the way of shipping',
      { shippingMethod: 'self\u0000' },
      'shippingMethod',
      SHIPPING_ZONE_MESSAGES.shippingMethod,
    ],
  ])('refuses %s with its field’s message and saves nothing', async (_case, change, field, message) => {
    const { email, cookie } = await newAccount();
    const res = await submit(
      joinForm(joinFields({ displayName: `Bad ${accounts}`, ...change }), [topIds[0] ?? 0]),
      cookie,
    );
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(body.error.fields[field]).toBe(message);
    expect(await sellerRowsOf(email)).toHaveLength(0);
    const [user] = await t.db.select({ role: users.role }).from(users).where(eq(users.email, email));
    expect(user?.role).toBe('shopper');
  });

  it('refuses categories that are not top categories, and none at all', async () => {
    const { cookie } = await newAccount();
    const [leaf] = await t.db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.level, 4))
      .limit(1);
    const wrong = await submit(joinForm(named('Leafy'), [leaf?.id ?? 0]), cookie);
    expect((await wrong.json()) as unknown).toMatchObject({
      error: { fields: { categoryIds: M.unknownCategory } },
    });
    const none = await submit(joinForm(named('Leafy'), []), cookie);
    expect((await none.json()) as unknown).toMatchObject({
      error: { fields: { categoryIds: M.categories } },
    });
  });

  it('refuses missing, oversized and hostile documents', async () => {
    const { email, cookie } = await newAccount();
    const missing = await submit(
      joinForm(named('Docless'), [topIds[0] ?? 0], { cancelledCheque: null }),
      cookie,
    );
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: { fields: { cancelledCheque: M.cancelledCheque } } });

    const html = new Blob(['<html><script>alert(1)</script></html>'], { type: 'application/pdf' });
    const hostile = await submit(
      joinForm(named('Hostile'), [topIds[0] ?? 0], { taxCertificate: html }),
      cookie,
    );
    expect(hostile.status).toBe(415);
    expect(await hostile.json()).toMatchObject({ error: { fields: { taxCertificate: M.documentType } } });

    const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>']);
    expect(
      (await submit(joinForm(named('Svg'), [topIds[0] ?? 0], { cancelledCheque: svg }), cookie)).status,
    ).toBe(415);

    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PDF_BYTES);
    const oversized = await submit(
      joinForm(named('Big'), [topIds[0] ?? 0], { taxCertificate: new Blob([big]) }),
      cookie,
    );
    expect(oversized.status).toBe(413);
    expect(await oversized.json()).toMatchObject({
      error: { fields: { taxCertificate: M.documentTooLarge } },
    });

    const huge = new Uint8Array(11 * 1024 * 1024);
    huge.set(PNG_BYTES);
    const tooBig = await submit(
      joinForm(named('Huge'), [topIds[0] ?? 0], {
        taxCertificate: new Blob([huge]),
        cancelledCheque: new Blob([huge]),
      }),
      cookie,
    );
    expect(tooBig.status).toBe(413);
    expect(await sellerRowsOf(email)).toHaveLength(0);
  });

  it('refuses a display name another seller uses, whatever its case', async () => {
    const { email, cookie } = await newAccount();
    const res = await submit(joinForm(named('dakshin MART'), [topIds[0] ?? 0]), cookie);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: { fields: { displayName: M.displayNameTaken } } });
    expect(await sellerRowsOf(email)).toHaveLength(0);
  });

  it('makes one seller of two submissions sent at once', async () => {
    const { email, cookie } = await newAccount();
    const [a, b] = await Promise.all([
      submit(joinForm(named('Twice Traders'), [topIds[0] ?? 0]), cookie),
      submit(joinForm(named('Twice Traders'), [topIds[0] ?? 0]), cookie),
    ]);
    expect([a?.status, b?.status].sort()).toEqual([201, 409]);
    const rows = await sellerRowsOf(email);
    expect(rows).toHaveLength(1);
    const documents = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sellerDocuments)
      .where(eq(sellerDocuments.sellerId, rows[0]?.id ?? 0));
    expect(documents[0]?.n).toBe(2);
  });

  it('lets an unregistered seller join with its enrolment number', async () => {
    const { cookie } = await newAccount();
    const fields = joinFields({
      displayName: 'Enrolled Crafts',
      taxStatus: 'unregistered',
      gstin: undefined,
      enrolmentNo: '29AAPFU0939F1AB',
    });
    const res = await submit(joinForm(fields, [topIds[0] ?? 0]), cookie);
    expect(res.status).toBe(201);
    const body = (await res.json()) as { application: SellerProfile };
    expect(body.application).toMatchObject({
      taxStatus: 'unregistered',
      gstin: null,
      enrolmentNo: '29AAPFU0939F1AB',
    });
    expect(body.application.documents.map((d) => d.kind).sort()).toEqual([
      'cancelled_cheque',
      'enrolment_certificate',
    ]);
  });

  it('lets a rejected seller correct its application, keeping documents it does not replace', async () => {
    const { email, cookie } = await newAccount();
    expect((await submit(joinForm(named('Second Try'), [topIds[0] ?? 0]), cookie)).status).toBe(201);
    await t.db
      .update(sellers)
      .set({ status: 'rejected', rejectionReason: 'The cheque is unreadable.' })
      .where(eq(sellers.id, (await sellerRowsOf(email))[0]?.id ?? 0));
    const registration = await get('/api/seller/registration', cookie);
    expect(await registration.json()).toMatchObject({
      application: { status: 'rejected', rejectionReason: 'The cheque is unreadable.' },
    });
    const again = await submit(
      joinForm(joinFields({ displayName: 'Second Try', bankIfsc: 'HDFC0000123' }), [topIds[1] ?? 0], {
        taxCertificate: null,
      }),
      cookie,
    );
    expect(again.status).toBe(201);
    const body = (await again.json()) as { application: SellerProfile };
    expect(body.application).toMatchObject({
      status: 'pending',
      rejectionReason: null,
      bankIfsc: 'HDFC0000123',
    });
    expect(body.application.documents.map((d) => d.kind).sort()).toEqual([
      'cancelled_cheque',
      'gst_certificate',
    ]);
    expect(await sellerRowsOf(email)).toHaveLength(1);
  });

  it('refuses an approved seller', async () => {
    const cookie = await t.loginCookie('dakshin-mart@sellers.example.com');
    const res = await submit(joinForm(named('Dakshin Again'), [topIds[0] ?? 0]), cookie);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: { message: M.alreadySeller } });
  });
});

// requirements#document-series: the seller chooses its invoice number prefix when it joins
describe('the invoice number prefix at joining', () => {
  // a GSTIN of its own (another registration of the same PAN), so other tests' accounts do not count
  const first14 = '29AAPFU0939F2Z';
  const gstin = `${first14}${gstinCheckCharacter(first14)}`;
  let n = 0;
  const apply = async (documentPrefix?: string) => {
    const { email, cookie } = await newAccount();
    n += 1;
    const fields = joinFields({ displayName: `Prefix Traders ${n}`, gstin, documentPrefix });
    return { email, res: await submit(joinForm(fields, [topIds[0] ?? 0]), cookie) };
  };
  const prefixOf = async (res: Response) =>
    ((await res.json()) as { application: SellerProfile }).application.documentPrefix;

  it('takes the legal name’s initials when left blank, the next free one beside another account of the GSTIN', async () => {
    const first = await apply('');
    expect(first.res.status).toBe(201);
    expect(await prefixOf(first.res)).toBe('SLT');
    const second = await apply();
    expect(second.res.status).toBe(201);
    expect(await prefixOf(second.res)).toBe('SLT2');
  });

  it('keeps a chosen prefix in capitals and refuses it to another account of the GSTIN whatever its case', async () => {
    const chosen = await apply('lk/1');
    expect(chosen.res.status).toBe(201);
    expect(await prefixOf(chosen.res)).toBe('LK/1');
    const [row] = await t.db
      .select({ prefix: sellers.documentPrefix })
      .from(sellers)
      .innerJoin(users, eq(users.id, sellers.userId))
      .where(eq(users.email, chosen.email));
    expect(row?.prefix).toBe('LK/1');
    for (const again of ['LK/1', 'Lk/1', 'slt']) {
      const taken = await apply(again);
      expect(taken.res.status, again).toBe(409);
      expect(await taken.res.json()).toMatchObject({
        error: { fields: { documentPrefix: M.documentPrefixTaken } },
      });
      expect(await sellerRowsOf(taken.email)).toHaveLength(0);
    }
  });

  it.each([
    ['ABCDEF', DOCUMENT_PREFIX_MESSAGES.length],
    ['0AB', DOCUMENT_PREFIX_MESSAGES.characters],
    ['A\u0000B', DOCUMENT_PREFIX_MESSAGES.characters],
    ['%E0%A', DOCUMENT_PREFIX_MESSAGES.characters], // broken percent-encoding is text, not decoded
    ['%E0%A4%A', DOCUMENT_PREFIX_MESSAGES.length],
    ['<b>', DOCUMENT_PREFIX_MESSAGES.characters],
    ['x'.repeat(5000), DOCUMENT_PREFIX_MESSAGES.length],
  ])('refuses %j with 400 and a message beside the field, making no seller', async (prefix, message) => {
    const { email, res } = await apply(prefix);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { fields: { documentPrefix: message } } });
    expect(await sellerRowsOf(email)).toHaveLength(0);
  });

  it('gives one prefix to one account when two accounts of the GSTIN ask for it at once', async () => {
    const answers = await Promise.all([apply('TW1'), apply('tw1')]);
    expect(answers.map((a) => a.res.status).sort()).toEqual([201, 409]);
    const rows = await t.db.select({ id: sellers.id }).from(sellers).where(eq(sellers.documentPrefix, 'TW1'));
    expect(rows).toHaveLength(1);
  });
});

describe('documents', () => {
  it('are downloaded by their seller only: another seller 404, a shopper 403, a visitor 401', async () => {
    const { cookie } = await newAccount();
    const res = await submit(joinForm(named('Paper Works'), [topIds[0] ?? 0]), cookie);
    const { application } = (await res.json()) as { application: SellerProfile };
    const cheque = application.documents.find((d) => d.kind === 'cancelled_cheque');
    const path = `/api/seller/documents/${cheque?.id ?? 0}`;
    const own = await get(path, cookie);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/png');
    expect(own.headers.get('content-disposition')).toContain('attachment');
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(PNG_BYTES);
    expect((await get(path, await t.loginCookie('dakshin-mart@sellers.example.com'))).status).toBe(404);
    expect((await get(path, await t.loginCookie('priya@example.com'))).status).toBe(403);
    expect((await get(path, null)).status).toBe(401);
    expect((await get('/api/seller/documents/99999999', cookie)).status).toBe(404);
    expect((await get('/api/seller/documents/abc', cookie)).status).toBe(400);
  });
});

describe('the seller’s profile', () => {
  const put = (path: string, body: unknown, cookie: string | null) =>
    t.request(path, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
  const details = (change: Record<string, unknown> = {}) => ({
    displayName: 'Dakshin Mart',
    pickupAddress: '1 Anna Salai',
    pickupPincode: '600002',
    returnAddress: '1 Anna Salai',
    returnPincode: '600002',
    contactName: 'Arun',
    contactEmail: 'arun@example.com',
    contactMobile: '9876543210',
    categoryIds: [topIds[0]],
    ...change,
  });

  it('is read by a seller of any status and answers a shopper 403 and a visitor 401', async () => {
    expect((await get('/api/seller/profile', null)).status).toBe(401);
    expect((await get('/api/seller/profile', await t.loginCookie('priya@example.com'))).status).toBe(403);
    const res = await get('/api/seller/profile', await t.loginCookie('dakshin-mart@sellers.example.com'));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ displayName: 'Dakshin Mart', status: 'approved' });
  });

  it('is changed by an approved seller (its offers ship from the new pickup pincode), never by a pending one', async () => {
    const cookie = await t.loginCookie('dakshin-mart@sellers.example.com');
    const res = await put('/api/seller/profile', details(), cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ pickupPincode: '600002', contactName: 'Arun' });
    const elsewhere = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(offers)
      .innerJoin(sellers, eq(sellers.id, offers.sellerId))
      .where(and(eq(sellers.name, 'Dakshin Mart'), ne(offers.sellerPincode, '600002')));
    expect(elsewhere[0]?.n).toBe(0);

    expect(
      (await put('/api/seller/profile', details({ displayName: 'ganga mercantile' }), cookie)).status,
    ).toBe(409);
    const bad = await put(
      '/api/seller/profile',
      details({ pickupPincode: '999999', legalName: 'X' }),
      cookie,
    );
    expect(bad.status).toBe(400);
    const unknown = await put('/api/seller/profile', details({ pickupPincode: '999999' }), cookie);
    expect(await unknown.json()).toMatchObject({ error: { fields: { pickupPincode: M.unknownPincode } } });

    const { cookie: pending } = await newAccount();
    await submit(joinForm(named('Waiting Room'), [topIds[0] ?? 0]), pending);
    expect((await put('/api/seller/profile', details({ displayName: 'Waiting Room' }), pending)).status).toBe(
      403,
    );
    expect(
      (await put('/api/seller/profile', details(), await t.loginCookie('priya@example.com'))).status,
    ).toBe(403);
    expect((await put('/api/seller/profile', details(), null)).status).toBe(401);
  });

  it('asks for the payout account’s number twice, and changes it only after the codes (requirements#payout-account)', async () => {
    const cookie = await t.loginCookie('ganga-mercantile@sellers.example.com');
    const bank = {
      bankAccountName: 'Ganga Mercantile',
      bankAccountNumber: '000111222333',
      bankIfsc: 'ICIC0001234',
    };
    const mismatch = await put(
      '/api/seller/bank-account',
      { ...bank, confirmAccountNumber: '000111222334' },
      cookie,
    );
    expect(mismatch.status).toBe(400);
    const before = (await (
      await t.request('/api/seller/profile', { headers: { cookie } })
    ).json()) as SellerProfile;
    const res = await put(
      '/api/seller/bank-account',
      { ...bank, confirmAccountNumber: '000111222333' },
      cookie,
    );
    // a session alone changes nothing: codes go to the seller's registered email and mobile
    expect(res.status).toBe(202);
    expect(JSON.stringify(await res.json())).not.toContain('000111222333');
    const after = (await (
      await t.request('/api/seller/profile', { headers: { cookie } })
    ).json()) as SellerProfile;
    expect(after.bankAccountMasked).toBe(before.bankAccountMasked);
    expect(
      (await put('/api/seller/bank-account', { ...bank, confirmAccountNumber: '000111222333' }, null)).status,
    ).toBe(401);
  });
});
