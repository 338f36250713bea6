import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers, products, productTexts, queryRows, sellers, users } from '@marketplace/db';
import {
  LANGUAGE_MESSAGES,
  TRANSLATION_LIMITS,
  TRANSLATION_MESSAGES,
} from '@marketplace/domain/catalog/product-languages';
import { verifiedStaff } from '../../../test-support/staff.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { createProductServices } from '../catalog/index.ts';
import { loadProductCards } from '../product-cards/index.ts';

// requirements#product-languages: sellers write a product's text in Hindi, Tamil and Telugu; staff
// review it as they review content; shoppers read their language, English field by field without it.
let t: TestApp;
let dakshin: string;
let ganga: string;
let catalog: string;
let offerId: number;
let productId: number;
let productName: string;
let gangaOfferId: number;

const call = (cookie: string | null, method: string, path: string, body?: unknown) =>
  t.request(path, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const sellerIdOf = async (email: string) => {
  const [row] = await t.db
    .select({ id: sellers.id })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(eq(users.email, email));
  return row?.id ?? 0;
};

beforeAll(async () => {
  t = await createTestApp({ keepSuggestionsMs: 0, keepPageLookupsMs: 0 });
  dakshin = await t.loginCookie('dakshin-mart@sellers.example.com');
  ganga = await t.loginCookie('ganga-mercantile@sellers.example.com');
  catalog = (await verifiedStaff(t, 'meera@staff.example.com', 'catalog')).cookie;
  const dakshinId = await sellerIdOf('dakshin-mart@sellers.example.com');
  const gangaId = await sellerIdOf('ganga-mercantile@sellers.example.com');
  // a live product Dakshin Mart added (and sells) with no text in any language yet
  const [own] = await queryRows<{ offer_id: number; product_id: number; name: string }>(
    t.db,
    sql`SELECT o.id AS offer_id, p.id AS product_id, p.name FROM offers o JOIN products p ON p.id = o.product_id
         WHERE o.seller_id = ${dakshinId} AND o.is_active AND p.is_active
           AND NOT EXISTS (SELECT 1 FROM product_texts x WHERE x.product_id = p.id)
         ORDER BY o.id LIMIT 1`,
  );
  if (!own) throw new Error('Dakshin Mart sells nothing');
  offerId = Number(own.offer_id);
  productId = Number(own.product_id);
  productName = own.name;
  await t.db.update(products).set({ createdBySellerId: dakshinId }).where(eq(products.id, productId));
  const [theirs] = await t.db
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.sellerId, gangaId), eq(offers.isActive, true)))
    .limit(1);
  gangaOfferId = theirs?.id ?? 0;
});
afterAll(() => t.close());

const hindi = {
  language: 'hi',
  title: 'दक्षिण मार्ट स्पेशल मोबाइल फोन (8 GB, नीला)',
  bulletPoints: ['दमदार बैटरी', ''],
  description: '',
};

describe('a seller writes a product’s text in Hindi, Tamil and Telugu (requirements#product-languages)', () => {
  it('sends it for review; shoppers see it only once staff approve it, English field by field without it', async () => {
    const sent = await call(dakshin, 'PUT', `/api/seller/listings/${offerId}/translations`, hindi);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toMatchObject({ message: TRANSLATION_MESSAGES.submitted });
    const view = (await (
      await call(dakshin, 'GET', `/api/seller/listings/${offerId}/translations`)
    ).json()) as {
      canEdit: boolean;
      translations: {
        language: string;
        live: unknown;
        pending: { title: string; bulletPoints: string[] } | null;
      }[];
    };
    expect(view.canEdit).toBe(true);
    expect(view.translations.map((x) => x.language)).toEqual(['hi', 'ta', 'te']);
    expect(view.translations[0]?.live).toBeNull();
    // empty bullet points are dropped
    expect(view.translations[0]?.pending).toMatchObject({ title: hindi.title, bulletPoints: ['दमदार बैटरी'] });

    const services = createProductServices(t.db, undefined, { keepMs: 0 });
    const before = await services.productDetail({
      name: productName,
      sellerId: null,
      pincode: '600100',
      language: 'hi',
    });
    expect(before?.product.title).toBe(productName);
    expect(before?.product.textLanguage).toBe('en');

    const queue = (await (await call(catalog, 'GET', '/api/admin/catalog/translations')).json()) as {
      translations: { productId: number; language: string }[];
    };
    expect(queue.translations).toContainEqual(expect.objectContaining({ productId, language: 'hi' }));
    const approved = await call(catalog, 'POST', `/api/admin/catalog/translations/${productId}/hi/approve`);
    expect(approved.status).toBe(200);
    const again = await call(catalog, 'POST', `/api/admin/catalog/translations/${productId}/hi/approve`);
    expect(again.status).toBe(409);

    const after = await services.productDetail({
      name: productName,
      sellerId: null,
      pincode: '600100',
      language: 'hi',
    });
    expect(after?.product).toMatchObject({ name: productName, title: hindi.title, textLanguage: 'hi' });
    expect(after?.product.bullets).toEqual(['दमदार बैटरी']);
    // no description written: the English one shows
    const english = await services.productDetail({ name: productName, sellerId: null, pincode: '600100' });
    expect(after?.product.description).toBe(english?.product.description);
    expect(english?.product.title).toBe(productName);
    // Tamil has none: English
    const tamil = await services.productDetail({
      name: productName,
      sellerId: null,
      pincode: '600100',
      language: 'ta',
    });
    expect(tamil?.product).toMatchObject({ title: productName, textLanguage: 'en' });
    // the cards of lists and search carry the title in the language asked for
    const [card] = await loadProductCards(t.db, [productId], 'hi');
    expect(card).toMatchObject({ name: productName, title: hindi.title });
    const [plain] = await loadProductCards(t.db, [productId]);
    expect(plain?.title).toBeUndefined();
  });

  it('keeps the live text while an edit waits, and a rejection tells the seller why', async () => {
    const edit = { ...hindi, title: 'दक्षिण मार्ट मोबाइल फोन नया' };
    expect((await call(dakshin, 'PUT', `/api/seller/listings/${offerId}/translations`, edit)).status).toBe(
      200,
    );
    const rejected = await call(catalog, 'POST', `/api/admin/catalog/translations/${productId}/hi/reject`, {
      reason: 'Write the colour as the English title does.',
    });
    expect(rejected.status).toBe(200);
    const [row] = await t.db
      .select()
      .from(productTexts)
      .where(and(eq(productTexts.productId, productId), eq(productTexts.language, 'hi')));
    expect(row).toMatchObject({ title: hindi.title, pendingTitle: null });
    const view = (await (
      await call(dakshin, 'GET', `/api/seller/listings/${offerId}/translations`)
    ).json()) as {
      translations: { rejectionReason: string | null }[];
    };
    expect(view.translations[0]?.rejectionReason).toBe('Write the colour as the English title does.');
  });

  it('says so when nothing changed', async () => {
    const same = await call(dakshin, 'PUT', `/api/seller/listings/${offerId}/translations`, hindi);
    expect(await same.json()).toMatchObject({ message: TRANSLATION_MESSAGES.unchanged });
  });
});

describe('one seller never writes another’s product text (requirements#product-languages)', () => {
  it('another seller’s listing is not found; a product it sells but did not add is refused', async () => {
    const theirs = await call(ganga, 'PUT', `/api/seller/listings/${offerId}/translations`, hindi);
    expect(theirs.status).toBe(404);
    expect((await call(ganga, 'GET', `/api/seller/listings/${offerId}/translations`)).status).toBe(404);
    // Ganga's own listing of a product someone else (or the catalog) added
    const own = await call(ganga, 'GET', `/api/seller/listings/${gangaOfferId}/translations`);
    expect(own.status).toBe(200);
    expect(((await own.json()) as { canEdit: boolean }).canEdit).toBe(false);
    const refused = await call(ganga, 'PUT', `/api/seller/listings/${gangaOfferId}/translations`, hindi);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { message: TRANSLATION_MESSAGES.notCreator } });
    // a shopper, a visitor and a seller cannot reach the review
    expect((await call(null, 'PUT', `/api/seller/listings/${offerId}/translations`, hindi)).status).toBe(401);
    expect((await call(dakshin, 'GET', '/api/admin/catalog/translations')).status).toBe(403);
    expect(
      (await call(dakshin, 'POST', `/api/admin/catalog/translations/${productId}/hi/approve`)).status,
    ).toBe(403);
  });
});

describe('bad input to the product texts (requirements#product-languages)', () => {
  const put = (body: unknown) => call(dakshin, 'PUT', `/api/seller/listings/${offerId}/translations`, body);
  it.each([
    ['an unknown language', { ...hindi, language: 'fr' }, LANGUAGE_MESSAGES.unknown],
    ['English', { ...hindi, language: 'en' }, LANGUAGE_MESSAGES.unknown],
    ['no title', { ...hindi, title: '  ' }, TRANSLATION_MESSAGES.titleRequired],
    // the API's own guard answers a NUL byte before the form's rules
    ['a NUL byte', { ...hindi, title: 'मोबाइल\u0000फोन' }, 'not allowed'],
    ['a control character', { ...hindi, title: 'मोबाइल\u0007फोन' }, TRANSLATION_MESSAGES.noControl],
    [
      'a title too long',
      { ...hindi, title: 'फ'.repeat(TRANSLATION_LIMITS.titleMax + 1) },
      TRANSLATION_MESSAGES.titleTooLong,
    ],
    ['a Latin title for Hindi', { ...hindi, title: 'Mobile phone' }, TRANSLATION_MESSAGES.wrongScript],
    ['a Tamil title for Hindi', { ...hindi, title: 'மொபைல் போன்' }, TRANSLATION_MESSAGES.wrongScript],
    [
      'too many bullets',
      { ...hindi, bulletPoints: Array.from({ length: 11 }, () => 'बिंदु') },
      TRANSLATION_MESSAGES.tooManyBullets,
    ],
    ['a bullet that is not text', { ...hindi, bulletPoints: [42] }, null],
    [
      'a description too long',
      { ...hindi, description: 'क'.repeat(TRANSLATION_LIMITS.descriptionMax + 1) },
      TRANSLATION_MESSAGES.descriptionTooLong,
    ],
  ])('refuses %s with a clear 400', async (_, body, message) => {
    const res = await put(body);
    expect(res.status).toBe(400);
    const answer = (await res.json()) as {
      error: { code: string; message: string; fields?: Record<string, string> };
    };
    if (message) expect(JSON.stringify(answer.error)).toContain(message);
  });

  it('refuses broken JSON, a bad id and a bad language in the review’s path, never a 500', async () => {
    const broken = await t.request(`/api/seller/listings/${offerId}/translations`, {
      method: 'PUT',
      headers: { cookie: dakshin, 'content-type': 'application/json' },
      body: '{"language": "hi", "title": ',
    });
    expect(broken.status).toBe(400);
    expect((await call(dakshin, 'GET', '/api/seller/listings/0/translations')).status).toBe(400);
    expect((await call(dakshin, 'GET', '/api/seller/listings/%E0%A4/translations')).status).toBe(400);
    expect(
      (await call(catalog, 'POST', `/api/admin/catalog/translations/${productId}/fr/approve`)).status,
    ).toBe(400);
    expect(
      (await call(catalog, 'POST', `/api/admin/catalog/translations/${productId}/%00/approve`)).status,
    ).toBe(400);
    expect(
      (await call(catalog, 'POST', `/api/admin/catalog/translations/${productId}/ta/reject`, {})).status,
    ).toBe(400);
    // nothing waits in Telugu
    expect(
      (await call(catalog, 'POST', `/api/admin/catalog/translations/${productId}/te/approve`)).status,
    ).toBe(409);
  });

  it('keeps one text under concurrent submissions', async () => {
    const answers = await Promise.all(
      ['तमिल फोन एक', 'तमिल फोन दो', 'तमिल फोन तीन'].map(async (title) => put({ ...hindi, title })),
    );
    expect(answers.every((res) => res.status === 200)).toBe(true);
    const rows = await t.db.select().from(productTexts).where(eq(productTexts.productId, productId));
    expect(rows.filter((row) => row.language === 'hi')).toHaveLength(1);
  });
});
