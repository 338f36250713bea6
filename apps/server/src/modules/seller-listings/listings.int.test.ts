import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offers, products, sellers, users } from '@marketplace/db';
import {
  contentToForm,
  LISTING_MESSAGES,
  type OfferInput,
  offerToForm,
  type SellerListingDetail,
} from '@marketplace/domain/sellers/listing-api';
import { OFFER_MESSAGES } from '@marketplace/domain/sellers/offer-rules';
import { GST_RATE_MESSAGES } from '@marketplace/domain/tax/rates-api';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { productToList } from '../../../test-support/listings.ts';
import { approveProduct, rejectProduct } from './index.ts';

let t: TestApp;
let dakshin: string;
let ganga: string;
let shopper: string;
let dakshinId: number;
beforeAll(async () => {
  t = await createTestApp({ keepSuggestionsMs: 0, keepPageLookupsMs: 0 });
  dakshin = await t.loginCookie('dakshin-mart@sellers.example.com');
  ganga = await t.loginCookie('ganga-mercantile@sellers.example.com');
  shopper = await t.loginCookie('priya@example.com');
  const [row] = await t.db
    .select({ id: sellers.id })
    .from(sellers)
    .innerJoin(users, eq(users.id, sellers.userId))
    .where(eq(users.email, 'dakshin-mart@sellers.example.com'));
  dakshinId = row?.id ?? 0;
});
afterAll(() => t.close());

const call = (cookie: string | null, method: string, path: string, body?: unknown) =>
  t.request(path, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

const offer = (over: Partial<OfferInput> = {}): OfferInput => ({
  sku: `T-${Math.random().toString(36).slice(2, 10)}`,
  salePricePaise: 49_900,
  mrpPaise: 59_900,
  stock: 12,
  maxPerOrder: 5,
  dispatchDays: 2,
  warranty: '1 year manufacturer warranty',
  parcelType: 'unit',
  weightGrams: 450,
  lengthCm: '20',
  widthCm: '10.5',
  heightCm: '8',
  codAllowed: true,
  ...over,
});

const productNotSoldBy = (sellerId: number) => productToList(t.db, sellerId);

const png = (colour = '#3366cc') =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: colour } })
    .png()
    .toBuffer();

async function uploadImage(cookie: string, bytes: Uint8Array, name = 'photo.png') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  return t.request('/api/seller/products/images', { method: 'POST', headers: { cookie }, body: form });
}

async function productBody(title: string, images: string[]) {
  const options = (await (await call(dakshin, 'GET', '/api/seller/products/form-options')).json()) as {
    categories: { id: number }[];
    brands: { id: number }[];
  };
  const categoryId = options.categories[0]?.id ?? 0;
  const brandId = options.brands[0]?.id ?? 0;
  return {
    categoryId,
    brandId,
    content: {
      title,
      bulletPoints: ['Keeps water cold for 24 hours', 'Food-grade steel'],
      technicalDetails: [{ name: 'Capacity', value: '1 litre' }],
      additionalInfo: 'Hand wash only.',
      attributes: [],
      hsnCode: '7323',
      countryOfOrigin: 'India',
      manufacturer: { name: 'Dakshin Steelworks', address: '12 Industrial Estate, Chennai 600032' },
      packer: { name: '', address: '' },
      importer: { name: '', address: '' },
      netQuantity: '1 N',
      returnDays: 10,
      replaceDays: 7,
    },
    variant: { mode: 'none' },
    images,
    offer: offer(),
  };
}

describe('who reaches the listings API', () => {
  it.each([
    ['GET', '/api/seller/listings'],
    ['POST', '/api/seller/listings'],
    ['GET', '/api/seller/listings/1'],
    ['PUT', '/api/seller/listings/1'],
    ['POST', '/api/seller/listings/1/pause'],
    ['GET', '/api/seller/products/catalog?q=phone'],
    ['GET', '/api/seller/products/form-options'],
    ['POST', '/api/seller/products'],
  ])('%s %s: a visitor 401, a shopper 403', async (method, path) => {
    const body = method === 'GET' ? undefined : {};
    expect((await call(null, method, path, body)).status).toBe(401);
    expect((await call(shopper, method, path, body)).status).toBe(403);
  });

  it('refuses an image upload from a visitor and a shopper', async () => {
    const bytes = await png();
    expect(
      (await t.request('/api/seller/products/images', { method: 'POST', body: new FormData() })).status,
    ).toBe(401);
    expect((await uploadImage(shopper, bytes)).status).toBe(403);
  });
});

describe('a seller’s listings', () => {
  it('lists only the seller’s own open offers, found by name or SKU, paged', async () => {
    const res = await call(dakshin, 'GET', '/api/seller/listings');
    expect(res.status).toBe(200);
    const page = (await res.json()) as { listings: { offerId: number; sku: string }[]; total: number };
    expect(page.total).toBeGreaterThan(0);
    const own = await t.db.select({ id: offers.id }).from(offers).where(eq(offers.sellerId, dakshinId));
    const ownIds = new Set(own.map((row) => row.id));
    expect(page.listings.every((listing) => ownIds.has(listing.offerId))).toBe(true);
    const first = page.listings[0];
    const bySku = (await (
      await call(dakshin, 'GET', `/api/seller/listings?q=${encodeURIComponent(first?.sku ?? '')}`)
    ).json()) as {
      listings: { offerId: number }[];
    };
    expect(bySku.listings.map((listing) => listing.offerId)).toContain(first?.offerId);
    expect((await call(dakshin, 'GET', `/api/seller/listings?q=${'x'.repeat(101)}`)).status).toBe(400);
    expect((await call(dakshin, 'GET', '/api/seller/listings?q=%3Cscript%3E&page=abc')).status).toBe(200);
  });

  it('never shows or changes another seller’s listing: 404', async () => {
    const [other] = await t.db
      .select({ id: offers.id })
      .from(offers)
      .where(sql`${offers.sellerId} <> ${dakshinId}`)
      .limit(1);
    const id = other?.id ?? 0;
    expect((await call(dakshin, 'GET', `/api/seller/listings/${id}`)).status).toBe(404);
    expect((await call(dakshin, 'PUT', `/api/seller/listings/${id}`, { offer: offer() })).status).toBe(404);
    for (const change of ['pause', 'resume', 'close']) {
      expect((await call(dakshin, 'POST', `/api/seller/listings/${id}/${change}`)).status).toBe(404);
    }
    expect((await call(dakshin, 'GET', '/api/seller/listings/abc')).status).toBe(400);
  });
});

describe('sell this product', () => {
  it('lists an existing product once; a second offer, a taken SKU and a price above M.R.P. are refused', async () => {
    const product = await productNotSoldBy(dakshinId);
    const matches = (await (
      await call(dakshin, 'GET', `/api/seller/products/catalog?q=${encodeURIComponent(product.name)}`)
    ).json()) as {
      products: { productId: number; isSoldByYou: boolean }[];
    };
    expect(matches.products.find((match) => match.productId === product.id)?.isSoldByYou).toBe(false);

    const aboveMrp = await call(dakshin, 'POST', '/api/seller/listings', {
      productId: product.id,
      offer: offer({ salePricePaise: 70_000, mrpPaise: 60_000 }),
    });
    expect(aboveMrp.status).toBe(400);
    expect(await aboveMrp.json()).toMatchObject({ error: { message: OFFER_MESSAGES.priceAboveMrp } });
    const negative = await call(dakshin, 'POST', '/api/seller/listings', {
      productId: product.id,
      offer: offer({ stock: -1 }),
    });
    expect(negative.status).toBe(400);
    const badDays = await call(dakshin, 'POST', '/api/seller/listings', {
      productId: product.id,
      offer: offer({ dispatchDays: 31 }),
    });
    expect(badDays.status).toBe(400);

    const [existing] = await t.db
      .select({ sku: offers.sku })
      .from(offers)
      .where(eq(offers.sellerId, dakshinId))
      .limit(1);
    const takenSku = await call(dakshin, 'POST', '/api/seller/listings', {
      productId: product.id,
      offer: offer({ sku: existing?.sku ?? '' }),
    });
    expect(takenSku.status).toBe(409);
    expect(await takenSku.json()).toMatchObject({ error: { message: LISTING_MESSAGES.duplicateSku } });

    const created = await call(dakshin, 'POST', '/api/seller/listings', {
      productId: product.id,
      offer: offer({ salePricePaise: 100 }),
    });
    expect(created.status).toBe(201);
    const { offerId } = (await created.json()) as { offerId: number };
    const again = await call(dakshin, 'POST', '/api/seller/listings', {
      productId: product.id,
      offer: offer(),
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { message: LISTING_MESSAGES.alreadySelling } });

    // the lowest price follows the new offer
    const [after] = await t.db
      .select({ low: products.lowestPricePaise })
      .from(products)
      .where(eq(products.id, product.id));
    expect(after?.low).toBe(100);

    // pause hides the offer from the product page's offers, close is final
    expect((await call(dakshin, 'POST', `/api/seller/listings/${offerId}/pause`)).status).toBe(200);
    const [paused] = await t.db
      .select({ low: products.lowestPricePaise })
      .from(products)
      .where(eq(products.id, product.id));
    expect(paused?.low).not.toBe(100);
    expect((await call(dakshin, 'POST', `/api/seller/listings/${offerId}/resume`)).status).toBe(200);
    const closed = await call(dakshin, 'POST', `/api/seller/listings/${offerId}/close`);
    expect(await closed.json()).toMatchObject({ status: 'closed' });
    expect((await call(dakshin, 'POST', `/api/seller/listings/${offerId}/resume`)).status).toBe(409);
    expect((await call(dakshin, 'PUT', `/api/seller/listings/${offerId}`, { offer: offer() })).status).toBe(
      409,
    );
    const [row] = await t.db.select().from(offers).where(eq(offers.id, offerId));
    expect(row?.isActive).toBe(false);
    expect(row?.closedAt).not.toBeNull();
  });

  it('refuses malformed and hostile bodies with 400, never 500', async () => {
    for (const body of [
      {},
      { productId: 'x', offer: offer() },
      { productId: 1, offer: { ...offer(), sku: '<b>x</b>' } },
      { productId: 1, offer: { ...offer(), sku: 'A\u0000B' } },
      { productId: 1, offer: { ...offer(), warranty: 'x'.repeat(201) } },
      { productId: 1, offer: { ...offer(), lengthCm: '1e3' } },
      { productId: 1, offer: { ...offer(), salePricePaise: 1.5 } },
    ]) {
      expect((await call(dakshin, 'POST', '/api/seller/listings', body)).status).toBe(400);
    }
    const raw = await t.request('/api/seller/listings', {
      method: 'POST',
      headers: { cookie: dakshin, 'content-type': 'application/json' },
      body: '{"productId": 1, "offer": ',
    });
    expect(raw.status).toBe(400);
    expect(
      (await call(dakshin, 'POST', '/api/seller/listings', { productId: 999_999_999, offer: offer() }))
        .status,
    ).toBe(404);
  });
});

describe('product images', () => {
  it('stores an image in three sizes, refuses other bytes and files over 5 MB', async () => {
    const ok = await uploadImage(dakshin, await png(), 'bottle.png');
    expect(ok.status).toBe(201);
    const { path, sizes } = (await ok.json()) as { path: string; sizes: Record<string, string> };
    expect(path).toMatch(new RegExp(`^/media/catalog/sellers/${dakshinId}/[0-9a-f]{20}-500\\.webp$`));
    const served = await t.request(path);
    expect(served.status).toBe(200);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 500, 500]);
    expect(Object.keys(sizes).sort()).toEqual(['1000', '200', '500']);

    const script = new TextEncoder().encode('<script>alert(1)</script>');
    const wrong = await uploadImage(dakshin, script, 'photo.png');
    expect(wrong.status).toBe(415);
    const svg = new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    expect((await uploadImage(dakshin, svg, 'x.svg')).status).toBe(415);
    const truncated = (await png()).subarray(0, 100);
    expect((await uploadImage(dakshin, truncated, 'cut.png')).status).toBe(415);
    const big = new Uint8Array(5 * 1024 * 1024 + 10);
    big.set(await png(), 0);
    expect((await uploadImage(dakshin, big, 'big.png')).status).toBe(413);
    const notForm = await t.request('/api/seller/products/images', {
      method: 'POST',
      headers: { cookie: dakshin, 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(notForm.status).toBe(415);
  });
});

describe('a new product', () => {
  it('waits for moderation out of the shop, and shows in search, on its page and in suggestions once approved', async () => {
    const image = (await (await uploadImage(dakshin, await png('#aa3300'))).json()) as { path: string };
    const title = 'Zorblax <script>alert(1)</script> Steel Bottle';
    const body = await productBody(title, [image.path]);

    // nine images, another seller's image, no images: refused
    expect(
      (await call(dakshin, 'POST', '/api/seller/products', { ...body, images: Array(9).fill(image.path) }))
        .status,
    ).toBe(400);
    expect((await call(dakshin, 'POST', '/api/seller/products', { ...body, images: [] })).status).toBe(400);
    const othersImage = image.path.replace(`/sellers/${dakshinId}/`, `/sellers/${dakshinId + 1}/`);
    expect(
      (await call(dakshin, 'POST', '/api/seller/products', { ...body, images: [othersImage] })).status,
    ).toBe(400);
    expect((await call(ganga, 'POST', '/api/seller/products', body)).status).toBe(400);
    expect(
      (
        await call(dakshin, 'POST', '/api/seller/products', {
          ...body,
          content: { ...body.content, title: 'a\u0000b c' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(dakshin, 'POST', '/api/seller/products', {
          ...body,
          content: { ...body.content, title: 'x'.repeat(201) },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(dakshin, 'POST', '/api/seller/products', {
          ...body,
          content: { ...body.content, hsnCode: '12345' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(dakshin, 'POST', '/api/seller/products', {
          ...body,
          content: { ...body.content, attributes: [{ name: 'Colour', value: 'Plaid-ish' }] },
        })
      ).status,
    ).toBe(400);
    // requirements#gst-tax: the rate is derived from the HSN code, which the schedule must know
    // (motor cars, 8703, are not sold here), and a seller declaring turnover above ₹5 crore gives
    // 6 digits (Notification 78/2020-Central Tax)
    const unknownHsn = await call(dakshin, 'POST', '/api/seller/products', {
      ...body,
      content: { ...body.content, hsnCode: '8703' },
    });
    expect(unknownHsn.status).toBe(400);
    expect(((await unknownHsn.json()) as { error: { message: string } }).error.message).toBe(
      GST_RATE_MESSAGES.hsnUnknown,
    );
    await t.db.update(sellers).set({ turnoverBand: '5cr_to_10cr' }).where(eq(sellers.id, dakshinId));
    try {
      const fourDigits = await call(dakshin, 'POST', '/api/seller/products', body);
      expect(fourDigits.status).toBe(400);
      expect(((await fourDigits.json()) as { error: { message: string } }).error.message).toBe(
        GST_RATE_MESSAGES.hsnSixDigits,
      );
    } finally {
      await t.db.update(sellers).set({ turnoverBand: 'up_to_5cr' }).where(eq(sellers.id, dakshinId));
    }
    // a return window off the list (requirements#seller-listings)
    expect(
      (
        await call(dakshin, 'POST', '/api/seller/products', {
          ...body,
          content: { ...body.content, returnDays: 5 },
        })
      ).status,
    ).toBe(400);

    // the same form posted twice at once makes one product
    const [first, second] = await Promise.all([
      call(dakshin, 'POST', '/api/seller/products', body),
      call(dakshin, 'POST', '/api/seller/products', { ...body, offer: offer() }),
    ]);
    expect([first.status, second.status].sort()).toEqual([201, 409]);
    const created = (await (first.status === 201 ? first : second).json()) as {
      productId: number;
      offerId: number;
      status: string;
    };
    expect(created.status).toBe('pending');
    const rows = await t.db
      .select()
      .from(products)
      .where(sql`lower(${products.name}) = lower(${title})`);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: title,
      isActive: false,
      moderationStatus: 'pending',
      createdBySellerId: dakshinId,
      hasReturn: true,
      returnDays: 10,
      hasReplacement: true,
      replaceDays: 7,
    });

    const page = `/productdetails/${encodeURIComponent(title)}`;
    expect((await t.request(page)).status).toBe(404);
    expect(await (await t.request('/searchpage/zorblax')).text()).not.toContain('Zorblax');
    expect(await (await t.request('/api/search/suggestions?q=zorblax')).text()).not.toContain('Zorblax');

    expect((await approveProduct(t.db, created.productId, new Date())).code).toBe('OK');
    const shown = await t.request(page);
    expect(shown.status).toBe(200);
    const html = await shown.text();
    // the title is text: escaped on the page, never markup
    expect(html).toContain('Zorblax &lt;script&gt;alert(1)&lt;/script&gt; Steel Bottle');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(await (await t.request('/searchpage/zorblax')).text()).toContain('Zorblax');
    expect(await (await t.request('/api/search/suggestions?q=zorblax')).text()).toContain('Zorblax');

    // its creator edits the content: the edit waits for moderation; the shop keeps the approved product
    const detail = (await (await call(dakshin, 'GET', `/api/seller/listings/${created.offerId}`)).json()) as {
      offer: OfferInput;
      product: { content: Record<string, unknown> | null };
    };
    expect(detail.product.content).not.toBeNull();
    const offerOnly = await call(dakshin, 'PUT', `/api/seller/listings/${created.offerId}`, {
      offer: { ...detail.offer, stock: 3 },
      content: detail.product.content,
    });
    expect(await offerOnly.json()).toMatchObject({ status: 'live', message: LISTING_MESSAGES.saved });
    const edited = await call(dakshin, 'PUT', `/api/seller/listings/${created.offerId}`, {
      offer: detail.offer,
      content: { ...detail.product.content, bulletPoints: ['Keeps water cold for 36 hours'] },
    });
    expect(await edited.json()).toMatchObject({
      status: 'live',
      message: LISTING_MESSAGES.editSentToModeration,
    });
    const live = await t.request(page);
    expect(live.status).toBe(200);
    expect(await live.text()).not.toContain('36 hours');
    // saving the approved content again withdraws the waiting edit
    const reverted = await call(dakshin, 'PUT', `/api/seller/listings/${created.offerId}`, {
      offer: detail.offer,
      content: detail.product.content,
    });
    expect(await reverted.json()).toMatchObject({ status: 'live', message: LISTING_MESSAGES.editWithdrawn });

    // another seller cannot see the listing; a decided product cannot be decided again
    expect((await call(ganga, 'GET', `/api/seller/listings/${created.offerId}`)).status).toBe(404);
    expect((await rejectProduct(t.db, created.productId, '', new Date())).code).toBe('NO_REASON');
    expect((await rejectProduct(t.db, created.productId, 'Too late.', new Date())).code).toBe('NOT_PENDING');
  });

  it('carries a rejection’s reason to its seller', async () => {
    const image = (await (await uploadImage(dakshin, await png('#aa3355'))).json()) as { path: string };
    const res = await call(
      dakshin,
      'POST',
      '/api/seller/products',
      await productBody('Zorblax Copper Jug', [image.path]),
    );
    const created = (await res.json()) as { productId: number };
    expect(
      (await rejectProduct(t.db, created.productId, 'The images show another product.', new Date())).code,
    ).toBe('OK');
    const listed = (await (await call(dakshin, 'GET', '/api/seller/listings?q=zorblax%20copper')).json()) as {
      listings: { status: string; moderationReason: string | null }[];
    };
    expect(listed.listings[0]).toMatchObject({
      status: 'rejected',
      moderationReason: 'The images show another product.',
    });
  });

  it('refuses a title already in the catalog', async () => {
    const image = (await (await uploadImage(dakshin, await png('#117711'))).json()) as { path: string };
    const product = await productNotSoldBy(dakshinId);
    const res = await call(
      dakshin,
      'POST',
      '/api/seller/products',
      await productBody(product.name.toUpperCase(), [image.path]),
    );
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: { message: LISTING_MESSAGES.duplicateTitle } });
  });
});

describe('an offer edit in the shop', () => {
  it('shows a new price on the product page at once', async () => {
    const [own] = await t.db
      .select({ id: offers.id, name: products.name })
      .from(offers)
      .innerJoin(products, eq(products.id, offers.productId))
      .where(and(eq(offers.sellerId, dakshinId), eq(offers.isActive, true), eq(products.isActive, true)))
      .limit(1);
    const detail = (await (await call(dakshin, 'GET', `/api/seller/listings/${own?.id}`)).json()) as {
      offer: OfferInput;
    };
    const res = await call(dakshin, 'PUT', `/api/seller/listings/${own?.id}`, {
      offer: {
        ...detail.offer,
        salePricePaise: 1_23_457,
        mrpPaise: Math.max(detail.offer.mrpPaise, 1_23_457),
        stock: 40,
      },
    });
    expect(res.status).toBe(200);
    const html = await (await t.request(`/productdetails/${encodeURIComponent(own?.name ?? '')}`)).text();
    expect(html).toContain('1,234.57');
  });
});

describe('stored details a rule now refuses', () => {
  it('opens the listing with what is stored, the fields to correct marked; saving waits for them', async () => {
    const image = (await (await uploadImage(dakshin, await png('#228844'))).json()) as { path: string };
    const res = await call(
      dakshin,
      'POST',
      '/api/seller/products',
      await productBody('Quillon Brass Lamp', [image.path]),
    );
    expect(res.status).toBe(201);
    const created = (await res.json()) as { offerId: number };
    // a packer named without its address, as products listed before the rule were stored
    await t.db.update(offers).set({ packerName: 'Dakshin Packers' }).where(eq(offers.id, created.offerId));

    const api = await call(dakshin, 'GET', `/api/seller/listings/${created.offerId}`);
    expect(api.status).toBe(200);
    const detail = (await api.json()) as SellerListingDetail;
    expect(detail.product.content?.packer).toEqual({ name: 'Dakshin Packers', address: '' });

    const page = await call(dakshin, 'GET', `/sellercentral/listings/${created.offerId}`);
    const html = await page.text();
    expect(page.status, html.slice(0, 300)).toBe(200);
    expect(html).toContain(LISTING_MESSAGES.fixFirst);
    expect(html).toContain('Give both the name and the address, or neither.');
    expect(html).toContain('value="Dakshin Packers"');

    // saved as stored: refused, the field named; corrected: saved
    const content = detail.product.content;
    if (!content) throw new Error('the seller’s own product has its content');
    const post = (values: Record<string, string>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(values)) form.set(name, value);
      return t.request(`/sellercentral/listings/${created.offerId}`, {
        method: 'POST',
        body: form,
        headers: { cookie: dakshin },
        redirect: 'manual',
      });
    };
    const asStored = { ...contentToForm(content), ...offerToForm(detail.offer) };
    const refused = await post(asStored);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Give both the name and the address, or neither.');
    const saved = await post({ ...asStored, packerAddress: '4 Mill Road, Madurai 625001' });
    expect(saved.status).toBe(302);
    const [row] = await t.db.select().from(offers).where(eq(offers.id, created.offerId));
    expect(row?.packerName).toBe('Dakshin Packers\n4 Mill Road, Madurai 625001');
  });
});

// requirements#gst-tax: a listing names its HSN code; the GST rate follows from the schedule (ADR 0041)
describe('the HSN code decides the GST rate', () => {
  const PICK = '/api/seller/hsn-codes';
  const postPage = (offerId: number, values: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(values)) form.set(name, value);
    return t.request(`/sellercentral/listings/${offerId}`, {
      method: 'POST',
      body: form,
      headers: { cookie: dakshin },
      redirect: 'manual',
    });
  };

  it('saves a listing with an HSN code and no rate, ignores a posted rate, and shows the rate the schedule gives', async () => {
    const image = (await (await uploadImage(dakshin, await png('#884422'))).json()) as { path: string };
    const body = await productBody('Zephyr Cotton Kurta Set', [image.path]);
    // a client still posting the old typed rate: a NUL byte in it is refused like any other field,
    // a rate is ignored (the schedule decides)
    const hostile = await call(dakshin, 'POST', '/api/seller/products', {
      ...body,
      content: { ...body.content, gstRate: '\u0000%zz' },
    });
    expect(hostile.status).toBe(400);
    const res = await call(dakshin, 'POST', '/api/seller/products', {
      ...body,
      content: { ...body.content, gstRate: 28 },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const created = (await res.json()) as { offerId: number; productId: number };
    const [stored] = await t.db.select().from(products).where(eq(products.id, created.productId));
    expect(stored?.gstRate ?? null).toBeNull();
    const before = (await (
      await call(dakshin, 'GET', `/api/seller/listings/${created.offerId}`)
    ).json()) as SellerListingDetail;
    expect(before.product.gstToday).toEqual({ rateBp: 500, thresholdPaise: null, rateAboveBp: null });
    const content = before.product.content;
    if (!content) throw new Error('the seller’s own product has its content');

    // the form as posted without scripts: the HSN typed in the picker's text field, no rate field
    const form = { ...contentToForm(content), ...offerToForm(before.offer) };
    const { hsnCode: _typedBefore, ...rest } = form;
    const saved = await postPage(created.offerId, { ...rest, hsnCodeText: '621142', gstRate: '28' });
    expect(saved.status, await saved.clone().text()).toBe(302);
    const after = (await (
      await call(dakshin, 'GET', `/api/seller/listings/${created.offerId}`)
    ).json()) as SellerListingDetail;
    expect(after.product.content?.hsnCode).toBe('621142');
    expect(after.product.gstToday).toEqual({ rateBp: 500, thresholdPaise: 2_500_00, rateAboveBp: 1800 });
    const page = await call(dakshin, 'GET', `/sellercentral/listings/${created.offerId}`);
    expect(await page.text()).toContain('GST 5 % today; 18 % above ₹2,500 a piece');

    // with scripts: the code chosen in the list while it is still the text shown
    const picked = await postPage(created.offerId, {
      ...rest,
      hsnCode: '330510',
      hsnCodeLabel: '330510',
      hsnCodeText: '330510',
    });
    expect(picked.status).toBe(302);
    const again = (await (
      await call(dakshin, 'GET', `/api/seller/listings/${created.offerId}`)
    ).json()) as SellerListingDetail;
    expect(again.product.content?.hsnCode).toBe('330510');

    // a choice the seller then typed over: the typed code is what the form means
    const typedOver = await postPage(created.offerId, {
      ...rest,
      hsnCode: '330510',
      hsnCodeLabel: '330510',
      hsnCodeText: '8703',
    });
    expect(typedOver.status).toBe(400);
    expect(await typedOver.text()).toContain(GST_RATE_MESSAGES.hsnUnknown);

    // a seller declaring turnover above ₹5 crore gives 6 digits: a clear message beside the field
    await t.db.update(sellers).set({ turnoverBand: 'above_10cr' }).where(eq(sellers.id, dakshinId));
    try {
      const fourDigits = await postPage(created.offerId, { ...rest, hsnCodeText: '6211' });
      expect(fourDigits.status).toBe(400);
      const html = await fourDigits.text();
      expect(html).toContain(GST_RATE_MESSAGES.hsnSixDigits.split(' (')[0]);
      expect(html).toContain('Notification 78/2020-Central Tax');
      const api = await call(dakshin, 'PUT', `/api/seller/listings/${created.offerId}`, {
        offer: before.offer,
        content: { ...content, hsnCode: '6211' },
      });
      expect(api.status).toBe(400);
      expect(((await api.json()) as { error: { message: string } }).error.message).toBe(
        GST_RATE_MESSAGES.hsnSixDigits,
      );
    } finally {
      await t.db.update(sellers).set({ turnoverBand: 'up_to_5cr' }).where(eq(sellers.id, dakshinId));
    }
  });

  it.each([
    ['a NUL byte', '?q=62%00'],
    ['broken percent-encoding', '?q=62%E0%A4'],
    ['a stray percent sign', '?q=%zz'],
    ['a 500-character search', `?q=${'a'.repeat(500)}`],
    ['a 500-digit search', `?q=${'6'.repeat(500)}`],
  ])('answers %s in the HSN search with 400, never 500', async (_label, query) => {
    const res = await call(dakshin, 'GET', `${PICK}${query}`);
    expect(res.status).toBe(400);
  });

  it('answers a visitor 401 and a shopper 403 in the HSN search', async () => {
    expect((await call(null, 'GET', `${PICK}?q=62`)).status).toBe(401);
    expect((await call(shopper, 'GET', `${PICK}?q=62`)).status).toBe(403);
  });
});
