import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  browsingHistory,
  offers,
  products,
  reviews,
  savedItems,
  sellers,
  users,
} from '@marketplace/db';
import { MODERATION_MESSAGES } from '@marketplace/domain/admin/moderation-api';
import { LISTING_MESSAGES, type OfferInput } from '@marketplace/domain/sellers/listing-api';
import { submitSellerProduct } from '../../../test-support/listings.ts';
import { verifiedStaff } from '../../../test-support/staff.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { seedModerationQueue } from '@marketplace/db/seed';

let t: TestApp;
let catalog: string;
let owner: string;
let dakshin: string;
let ganga: string;
let shopper: string;
const others: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ keepSuggestionsMs: 0, keepPageLookupsMs: 0 });
  catalog = (await verifiedStaff(t, 'meera@staff.example.com', 'catalog')).cookie;
  owner = (await verifiedStaff(t, 'owner@staff.example.com', 'owner')).cookie;
  for (const role of ['support', 'finance', 'marketing'] as const)
    others[role] = (await verifiedStaff(t, `${role}@staff.example.com`, role)).cookie;
  dakshin = await t.loginCookie('dakshin-mart@sellers.example.com');
  ganga = await t.loginCookie('ganga-mercantile@sellers.example.com');
  shopper = await t.loginCookie('priya@example.com');
});
afterAll(() => t.close());

const call = (cookie: string | null, method: string, path: string, body?: unknown) =>
  t.request(path, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
const submit = (cookie: string, title: string) =>
  submitSellerProduct((path, init) => t.request(path, init), cookie, title);
const lastAudit = async (action: string) =>
  (
    await t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)).limit(1)
  )[0];
const page = (name: string) => `/productdetails/${encodeURIComponent(name)}`;

const ENDPOINTS: [string, string, unknown?][] = [
  ['GET', '/api/admin/catalog/queue'],
  ['GET', '/api/admin/catalog/products/1'],
  ['POST', '/api/admin/catalog/products/1/approve', {}],
  ['POST', '/api/admin/catalog/products/1/reject', { reason: 'No.' }],
  ['POST', '/api/admin/catalog/revisions/1/approve', {}],
  ['POST', '/api/admin/catalog/revisions/1/reject', { reason: 'No.' }],
  ['GET', '/api/admin/catalog/products?q=steel'],
  ['GET', '/api/admin/catalog/merge?keep=1&duplicate=2'],
  ['POST', '/api/admin/catalog/merge', { keepId: 1, duplicateId: 2 }],
];

describe('who reaches the catalog console', () => {
  it.each(ENDPOINTS)(
    '%s %s: a visitor 401; a shopper, a seller and support, finance, marketing staff 403',
    async (method, path, body) => {
      expect((await call(null, method, path, body)).status).toBe(401);
      for (const cookie of [shopper, dakshin, ...Object.values(others)]) {
        const res = await call(cookie, method, path, body);
        expect(res.status).toBe(403);
        expect(await res.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
      }
    },
  );

  it('documents each endpoint in the OpenAPI document under the admin tag', async () => {
    const document = (await (await t.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    for (const [method, path] of ENDPOINTS) {
      const documented = path.split('?')[0]?.replace(/\/1(?=\/|$)/, '/{id}') ?? '';
      expect(document.paths[documented]?.[method.toLowerCase()]?.tags, `${method} ${documented}`).toEqual([
        'admin',
      ]);
    }
  });

  it('refuses staff whose session has not entered its code', async () => {
    const unverified = await t.loginCookie('meera@staff.example.com');
    expect((await call(unverified, 'GET', '/api/admin/catalog/queue')).status).toBe(403);
  });
});

describe('a new product in the queue', () => {
  it('waits oldest first with its facts, is approved by catalog staff (edited first) and goes live', async () => {
    const first = await submit(dakshin, 'Quillon Copper Water Bottle');
    const second = await submit(ganga, 'Quillon Glass Lunch Box');
    const queue = (await (await call(catalog, 'GET', '/api/admin/catalog/queue')).json()) as {
      items: { kind: string; id: number; productName: string; sellerName: string; categoryPath: string }[];
    };
    const mine = queue.items.filter((item) => item.productName.startsWith('Quillon'));
    expect(mine.map((item) => item.productName)).toEqual([
      'Quillon Copper Water Bottle',
      'Quillon Glass Lunch Box',
    ]);
    expect(mine[0]).toMatchObject({ kind: 'product', id: first.productId, sellerName: 'Dakshin Mart' });
    expect(mine[0]?.categoryPath).toContain(' › ');

    const detail = (await (
      await call(catalog, 'GET', `/api/admin/catalog/products/${first.productId}`)
    ).json()) as {
      product: { moderationStatus: string; seller: { name: string } };
      content: Record<string, unknown> & { bulletPoints: string[]; hsnCode: string };
    };
    expect(detail.product).toMatchObject({ moderationStatus: 'pending', seller: { name: 'Dakshin Mart' } });
    expect(detail.content).toMatchObject({
      hsnCode: '7323',
      netQuantity: '1 N',
      manufacturer: { name: 'Dakshin Steelworks' },
    });
    expect((await t.request(page('Quillon Copper Water Bottle'))).status).toBe(404);

    // edited and approved: one edit entry, one approval entry, the shop shows the edit
    const edited = { ...detail.content, bulletPoints: ['Pure copper, lacquered inside'] };
    const approved = await call(catalog, 'POST', `/api/admin/catalog/products/${first.productId}/approve`, {
      content: edited,
    });
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({
      success: true,
      message: MODERATION_MESSAGES.editedApproved,
    });
    const html = await (await t.request(page('Quillon Copper Water Bottle'))).text();
    expect(html).toContain('Pure copper, lacquered inside');
    expect(await (await t.request('/api/search/suggestions?q=quillon')).text()).toContain('Quillon Copper');
    expect(await lastAudit('product.edit')).toMatchObject({
      actor: 'meera@staff.example.com',
      targetId: String(first.productId),
      before: { bulletPoints: 'Keeps water cold for 24 hours\nFood-grade steel' },
      after: { bulletPoints: 'Pure copper, lacquered inside' },
    });
    expect(await lastAudit('product.approve')).toMatchObject({
      before: { moderationStatus: 'pending', isActive: false },
      after: { moderationStatus: 'approved', isActive: true },
    });

    // a second decision of the same product: 409, never a 500
    const again = await call(owner, 'POST', `/api/admin/catalog/products/${first.productId}/reject`, {
      reason: 'Late.',
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { message: MODERATION_MESSAGES.notPending } });

    // the two decisions of one product at once: one wins
    const [a, b] = await Promise.all([
      call(catalog, 'POST', `/api/admin/catalog/products/${second.productId}/approve`, {}),
      call(owner, 'POST', `/api/admin/catalog/products/${second.productId}/reject`, {
        reason: 'Blurry images.',
      }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
  });

  it('rejects with a reason the seller reads, and refuses bad reasons and ids', async () => {
    const created = await submit(dakshin, 'Quillon Brass Diya Set');
    const path = `/api/admin/catalog/products/${created.productId}/reject`;
    for (const body of [
      {},
      { reason: '' },
      { reason: '   ' },
      { reason: 'x'.repeat(501) },
      { reason: 'a\u0000b' },
      { reason: 42 },
    ]) {
      const res = await call(catalog, 'POST', path, body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
    expect((await call(catalog, 'POST', path, '{"reason":')).status).toBe(400);
    expect(
      (await call(catalog, 'POST', '/api/admin/catalog/products/0/reject', { reason: 'x' })).status,
    ).toBe(400);
    expect(
      (await call(catalog, 'POST', '/api/admin/catalog/products/99999999/reject', { reason: 'x' })).status,
    ).toBe(404);
    expect((await call(catalog, 'GET', '/api/admin/catalog/products/abc')).status).toBe(400);

    const res = await call(catalog, 'POST', path, { reason: 'The images show a different product.' });
    expect(res.status).toBe(200);
    const listed = (await (await call(dakshin, 'GET', '/api/seller/listings?q=diya')).json()) as {
      listings: { status: string; moderationReason: string | null }[];
    };
    expect(listed.listings[0]).toMatchObject({
      status: 'rejected',
      moderationReason: 'The images show a different product.',
    });
    expect(await lastAudit('product.reject')).toMatchObject({
      targetId: String(created.productId),
      before: { moderationStatus: 'pending', moderationReason: null },
      after: { moderationStatus: 'rejected', moderationReason: 'The images show a different product.' },
    });
  });
});

describe('an edit of a live product', () => {
  it('waits as a revision while the shop keeps the approved content, then applies when approved', async () => {
    const created = await submit(dakshin, 'Quillon Steel Tiffin');
    await call(catalog, 'POST', `/api/admin/catalog/products/${created.productId}/approve`, {});
    const listing = (await (
      await call(dakshin, 'GET', `/api/seller/listings/${created.offerId}`)
    ).json()) as {
      offer: OfferInput;
      product: { content: Record<string, unknown> };
    };
    const proposed = {
      ...listing.product.content,
      title: 'Quillon Steel Tiffin, 3 Tier',
      bulletPoints: ['Three tiers'],
    };
    const saved = await call(dakshin, 'PUT', `/api/seller/listings/${created.offerId}`, {
      offer: listing.offer,
      content: proposed,
    });
    expect(await saved.json()).toMatchObject({
      status: 'live',
      message: LISTING_MESSAGES.editSentToModeration,
    });
    // the shop still shows the approved product
    expect((await t.request(page('Quillon Steel Tiffin'))).status).toBe(200);
    expect((await t.request(page('Quillon Steel Tiffin, 3 Tier'))).status).toBe(404);
    const mine = (await (await call(dakshin, 'GET', `/api/seller/listings/${created.offerId}`)).json()) as {
      product: { content: { title: string }; revision: { status: string } };
    };
    expect(mine.product).toMatchObject({
      content: { title: 'Quillon Steel Tiffin, 3 Tier' },
      revision: { status: 'pending' },
    });

    const queue = (await (await call(catalog, 'GET', '/api/admin/catalog/queue')).json()) as {
      items: { kind: string; id: number; productId: number; changed: string[] }[];
    };
    const edit = queue.items.find((item) => item.kind === 'edit' && item.productId === created.productId);
    expect(edit?.changed).toEqual(['Title', 'Bullet points']);
    const review = (await (
      await call(catalog, 'GET', `/api/admin/catalog/products/${created.productId}`)
    ).json()) as {
      revision: { id: number; changes: { field: string; before: string; after: string }[] };
    };
    expect(review.revision.changes[0]).toEqual({
      field: 'title',
      label: 'Title',
      before: 'Quillon Steel Tiffin',
      after: 'Quillon Steel Tiffin, 3 Tier',
    });

    const approved = await call(
      catalog,
      'POST',
      `/api/admin/catalog/revisions/${review.revision.id}/approve`,
      {},
    );
    expect(await approved.json()).toMatchObject({
      message: MODERATION_MESSAGES.revisionApproved,
      productId: created.productId,
    });
    expect(await (await t.request(page('Quillon Steel Tiffin, 3 Tier'))).text()).toContain('Three tiers');
    expect(await lastAudit('product.revision_approve')).toMatchObject({
      before: { revisionId: review.revision.id, title: 'Quillon Steel Tiffin' },
      after: { revisionId: review.revision.id, title: 'Quillon Steel Tiffin, 3 Tier' },
    });
    expect(
      (await call(catalog, 'POST', `/api/admin/catalog/revisions/${review.revision.id}/approve`, {})).status,
    ).toBe(409);

    // a second edit is rejected with a reason: the seller reads it, the shop is unchanged
    await call(dakshin, 'PUT', `/api/seller/listings/${created.offerId}`, {
      offer: listing.offer,
      content: { ...proposed, bulletPoints: ['Best tiffin in the world'] },
    });
    const pending = (await (
      await call(catalog, 'GET', `/api/admin/catalog/products/${created.productId}`)
    ).json()) as {
      revision: { id: number };
    };
    expect(
      (
        await call(catalog, 'POST', `/api/admin/catalog/revisions/${pending.revision.id}/reject`, {
          reason: '',
        })
      ).status,
    ).toBe(400);
    const rejected = await call(
      catalog,
      'POST',
      `/api/admin/catalog/revisions/${pending.revision.id}/reject`,
      {
        reason: 'Claims like “best in the world” need proof.',
      },
    );
    expect(rejected.status).toBe(200);
    expect(await (await t.request(page('Quillon Steel Tiffin, 3 Tier'))).text()).not.toContain('Best tiffin');
    const after = (await (await call(dakshin, 'GET', `/api/seller/listings/${created.offerId}`)).json()) as {
      product: { revision: { status: string; reason: string } };
    };
    expect(after.product.revision).toMatchObject({
      status: 'rejected',
      reason: 'Claims like “best in the world” need proof.',
    });
    expect(
      (await call(catalog, 'POST', '/api/admin/catalog/revisions/99999999/reject', { reason: 'x' })).status,
    ).toBe(404);
  });
});

describe('merging duplicates', () => {
  it('previews and moves offers, reviews, ratings, saved and viewed entries; the duplicate redirects', async () => {
    // the kept product: a live one Ganga sells; the duplicate: Dakshin's copy, approved
    const keep = await submit(ganga, 'Quillon Kettle 1.5 L');
    await call(catalog, 'POST', `/api/admin/catalog/products/${keep.productId}/approve`, {});
    const duplicate = await submit(dakshin, 'Quillon Electric Kettle 1.5 Litre');
    await call(catalog, 'POST', `/api/admin/catalog/products/${duplicate.productId}/approve`, {});
    const [priya] = await t.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'priya@example.com'));
    const [dakshinSeller] = await t.db
      .select({ id: sellers.id })
      .from(offers)
      .innerJoin(sellers, eq(sellers.id, offers.sellerId))
      .where(eq(offers.id, duplicate.offerId));
    const userId = priya?.id ?? 0;
    await t.db.insert(reviews).values({
      productId: duplicate.productId,
      sellerId: dakshinSeller?.id ?? 0,
      userId,
      stars: 4,
      body: 'Boils fast.',
    });
    await t.db.update(products).set({ star4: 1, ratingCount: 1 }).where(eq(products.id, duplicate.productId));
    await t.db.insert(savedItems).values({ userId, productId: duplicate.productId, list: 'wishlist' });
    await t.db.insert(browsingHistory).values([
      { userId, productId: duplicate.productId },
      { userId, productId: keep.productId },
    ]);

    // bad queries: clear 400s
    for (const query of [
      'keep=1',
      'keep=abc&duplicate=2',
      'keep=%ZZ&duplicate=2',
      'keep=1%00&duplicate=2',
      'keep=99999999999&duplicate=1',
    ])
      expect((await call(catalog, 'GET', `/api/admin/catalog/merge?${query}`)).status).toBe(400);
    expect(
      (await call(catalog, 'GET', `/api/admin/catalog/merge?keep=99999999&duplicate=${keep.productId}`))
        .status,
    ).toBe(404);
    const same = (await (
      await call(
        catalog,
        'GET',
        `/api/admin/catalog/merge?keep=${keep.productId}&duplicate=${keep.productId}`,
      )
    ).json()) as { refusal: string };
    expect(same.refusal).toBe(MODERATION_MESSAGES.mergeSame);

    const preview = (await (
      await call(
        catalog,
        'GET',
        `/api/admin/catalog/merge?keep=${keep.productId}&duplicate=${duplicate.productId}`,
      )
    ).json()) as { moves: Record<string, number>; refusal: string | null };
    expect(preview.refusal).toBeNull();
    expect(preview.moves).toMatchObject({
      offers: 1,
      reviews: 1,
      ratings: 1,
      savedItems: 1,
      browsingHistory: 1,
    });

    const [first, second] = await Promise.all([
      call(catalog, 'POST', '/api/admin/catalog/merge', {
        keepId: keep.productId,
        duplicateId: duplicate.productId,
      }),
      call(owner, 'POST', '/api/admin/catalog/merge', {
        keepId: keep.productId,
        duplicateId: duplicate.productId,
      }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const [kept] = await t.db.select().from(products).where(eq(products.id, keep.productId));
    expect(kept).toMatchObject({ ratingCount: 1, star4: 1 });
    const moved = await t.db
      .select({ productId: offers.productId })
      .from(offers)
      .where(eq(offers.id, duplicate.offerId));
    expect(moved[0]?.productId).toBe(keep.productId);
    const history = await t.db.select().from(browsingHistory).where(eq(browsingHistory.userId, userId));
    expect(history.filter((row) => row.productId === duplicate.productId)).toHaveLength(0);
    expect(history.filter((row) => row.productId === keep.productId)).toHaveLength(1);
    const saved = await t.db
      .select()
      .from(savedItems)
      .where(and(eq(savedItems.userId, userId), eq(savedItems.productId, keep.productId)));
    expect(saved).toHaveLength(1);

    // the duplicate's address leads to the product kept, for good
    const redirect = await t.request(page('Quillon Electric Kettle 1.5 Litre'), { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe(page('Quillon Kettle 1.5 L'));
    const html = await (await t.request(page('Quillon Kettle 1.5 L'))).text();
    expect(html).toContain('Dakshin Mart');
    expect(await lastAudit('product.merge')).toMatchObject({
      actor: expect.stringMatching(/@staff\.example\.com$/),
      targetId: String(duplicate.productId),
      before: { duplicate: { id: duplicate.productId, isActive: true } },
      after: {
        duplicate: { mergedIntoId: keep.productId, isActive: false },
        moved: { offers: 1, reviews: 1 },
      },
    });
    // a merged product cannot merge again
    const again = await call(catalog, 'POST', '/api/admin/catalog/merge', {
      keepId: keep.productId,
      duplicateId: duplicate.productId,
    });
    expect(await again.json()).toMatchObject({ error: { message: MODERATION_MESSAGES.mergeAlreadyMerged } });
  });

  it('refuses a merge when one seller sells both, naming it', async () => {
    const keep = await submit(dakshin, 'Quillon Rice Cooker');
    await call(catalog, 'POST', `/api/admin/catalog/products/${keep.productId}/approve`, {});
    const duplicate = await submit(dakshin, 'Quillon Electric Rice Cooker');
    const preview = (await (
      await call(
        catalog,
        'GET',
        `/api/admin/catalog/merge?keep=${keep.productId}&duplicate=${duplicate.productId}`,
      )
    ).json()) as { refusal: string; conflicts: unknown[] };
    expect(preview.refusal).toBe(MODERATION_MESSAGES.mergeSameSeller(['Dakshin Mart']));
    expect(preview.conflicts).toHaveLength(1);
    const res = await call(catalog, 'POST', '/api/admin/catalog/merge', {
      keepId: keep.productId,
      duplicateId: duplicate.productId,
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({
      error: { message: MODERATION_MESSAGES.mergeSameSeller(['Dakshin Mart']) },
    });
    // a pending product cannot be the one kept
    const notLive = await call(catalog, 'POST', '/api/admin/catalog/merge', {
      keepId: duplicate.productId,
      duplicateId: keep.productId,
    });
    expect(await notLive.json()).toMatchObject({ error: { message: MODERATION_MESSAGES.mergeKeepNotLive } });
    for (const body of [
      {},
      { keepId: 'a', duplicateId: 1 },
      { keepId: -1, duplicateId: 2 },
      { keepId: 1.5, duplicateId: 2 },
    ])
      expect((await call(catalog, 'POST', '/api/admin/catalog/merge', body)).status).toBe(400);
  });

  it('finds products by name or id, refusing control characters', async () => {
    const found = (await (
      await call(catalog, 'GET', '/api/admin/catalog/products?q=quillon%20rice')
    ).json()) as {
      products: { name: string }[];
    };
    expect(found.products.map((p) => p.name)).toContain('Quillon Rice Cooker');
    expect((await call(catalog, 'GET', '/api/admin/catalog/products?q=a%00b')).status).toBe(400);
    expect((await call(catalog, 'GET', `/api/admin/catalog/products?q=${'x'.repeat(101)}`)).status).toBe(400);
    expect((await call(catalog, 'GET', '/api/admin/catalog/products?q=%E0%A4')).status).toBe(400);
    const [any] = await t.db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(sql`${products.isActive}`)
      .limit(1);
    const byId = (await (await call(catalog, 'GET', `/api/admin/catalog/products?q=${any?.id}`)).json()) as {
      products: { id: number }[];
    };
    expect(byId.products.map((p) => p.id)).toContain(any?.id);
  });
});

describe('stored details a rule now refuses', () => {
  it('opens the product’s review with the fields to correct marked; approval waits for them', async () => {
    const created = await submit(dakshin, 'Quillon Clay Water Pot');
    // a packer named without its address, as products listed before the rule were stored
    await t.db.update(offers).set({ packerName: 'Dakshin Packers' }).where(eq(offers.id, created.offerId));
    const api = await call(catalog, 'GET', `/api/admin/catalog/products/${created.productId}`);
    expect(api.status).toBe(200);
    const held = (await api.json()) as { content: { packer: { name: string; address: string } } };
    expect(held.content.packer).toEqual({ name: 'Dakshin Packers', address: '' });

    const shown = await call(catalog, 'GET', `/admin/catalog/products/${created.productId}`);
    const html = await shown.text();
    expect(shown.status, html.slice(0, 300)).toBe(200);
    expect(html).toContain('Correct these details before approving');
    expect(html).toContain('Give both the name and the address, or neither.');
    expect(html).toContain('value="Dakshin Packers"');

    const refused = await call(
      catalog,
      'POST',
      `/api/admin/catalog/products/${created.productId}/approve`,
      {},
    );
    expect(refused.status).toBe(409);
    const error = ((await refused.json()) as { error: { message: string; fields: Record<string, string> } })
      .error;
    expect(error.message).toBe(MODERATION_MESSAGES.fixFirst);
    expect(error.fields).toEqual({ 'content.packerName': 'Give both the name and the address, or neither.' });
    expect((await t.db.select().from(products).where(eq(products.id, created.productId)))[0]?.isActive).toBe(
      false,
    );
  });
});

describe('the seeded queue', () => {
  it('shows the new products and the edit that `npm start` seeds', async () => {
    const seeded = await seedModerationQueue({ db: t.db, now: new Date(), progress: () => undefined });
    expect(seeded).toEqual({ products: 3, edits: 1 });
    // each seeded product opens for review with nothing to correct first
    const waiting = (await (await call(catalog, 'GET', '/api/admin/catalog/queue')).json()) as {
      items: { kind: string; productId: number; productName: string }[];
    };
    const seededItems = waiting.items.filter((item) =>
      /, Pack of 2$| Gift Edition$|^New |, Value Pack$/.test(item.productName),
    );
    expect(seededItems).toHaveLength(4);
    for (const item of seededItems) {
      const shown = await call(catalog, 'GET', `/admin/catalog/products/${item.productId}`);
      const html = await shown.text();
      expect(shown.status, `${item.productName}: ${html.slice(0, 200)}`).toBe(200);
      expect(html).not.toContain('Correct these details before approving');
    }
    const queue = (await (await call(catalog, 'GET', '/api/admin/catalog/queue')).json()) as {
      items: { kind: string; productName: string; changed: string[] }[];
    };
    expect(
      queue.items.filter((item) => /, Pack of 2$| Gift Edition$|^New /.test(item.productName)),
    ).toHaveLength(3);
    const edit = queue.items.find(
      (item) => item.kind === 'edit' && item.productName.endsWith(', Value Pack'),
    );
    expect(edit?.changed).toEqual(['Title', 'Bullet points', 'Net quantity']);
  });
});
