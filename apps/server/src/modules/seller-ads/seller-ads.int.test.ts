import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AD_PAGES, brandCampaigns, campaignEvents, offers } from '@marketplace/db';
import { campaignDay } from '@marketplace/domain/marketing/ads';
import {
  SELLER_AD_PAGES,
  SellerCampaignChanged,
  SellerCampaignList,
} from '@marketplace/domain/sellers/ads-api';
import { jsonRequest } from '../../../test-support/fulfilment.ts';
import {
  plantOffer,
  plantOrder,
  plantSeller,
  someProducts,
  userIdOf,
} from '../../../test-support/seller-console.ts';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { campaignIsRunning } from '../ads/index.ts';

// a 1x1 PNG and the first bytes of an MP4
const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
);
const MP4 = Uint8Array.from([
  0,
  0,
  0,
  0x18,
  ...Buffer.from('ftypisom'),
  0,
  0,
  2,
  0,
  ...Buffer.from('isomiso2'),
  0,
  0,
  0,
  8,
  ...Buffer.from('free'),
]);

let t: TestApp;
let call: ReturnType<typeof jsonRequest>;
let seller: Awaited<ReturnType<typeof plantSeller>>;
let brandId: number;
let sku: string;
let productId: number;
const today = campaignDay(new Date());
const inDays = (days: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  call = jsonRequest(t);
  seller = await plantSeller(t);
  const [p1] = await someProducts(t.db, 1, 80);
  if (!p1) throw new Error('seeded');
  const offer = await plantOffer(t.db, seller.sellerId, p1.id, { sku: `AD-SKU-${seller.sellerId}` });
  brandId = p1.brandId;
  sku = offer.sku;
  productId = p1.id;
});
afterAll(() => t.close());

type Fields = Record<string, string>;
const valid = (changes: Fields = {}): Fields => ({
  name: `Summer sale ${Math.random().toString(36).slice(2, 8)}`,
  kind: 'brand',
  brandId: String(brandId),
  page: 'home',
  adType: 'image',
  fromDate: today,
  toDate: inDays(10),
  dailyBudget: '200',
  totalBudget: '1,000',
  bid: '12.50',
  ...changes,
});
function create(
  fields: Fields,
  file: Uint8Array<ArrayBuffer> | null = PNG,
  cookie: string | null = seller.cookie,
  type = 'image/png',
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (file) form.set('file', new Blob([file], { type }), 'ad.png');
  return t.request('/api/seller/campaigns', {
    method: 'POST',
    body: form,
    headers: cookie ? { cookie } : {},
  });
}
/** requirements#operator-promotions: staff approve a seller's new campaign before it runs. */
const approve = (id: number) =>
  t.db.update(brandCampaigns).set({ reviewStatus: 'approved' }).where(eq(brandCampaigns.id, id));
/** A new campaign, approved as staff would. */
async function createApproved(fields: Fields) {
  const { campaign } = SellerCampaignChanged.parse(await (await create(fields)).json());
  await approve(campaign.id);
  return campaign;
}
const listOf = async (cookie = seller.cookie) =>
  SellerCampaignList.parse(await (await call('/api/seller/campaigns', cookie)).json());

describe('creating a campaign', () => {
  it('keeps the domain’s ad pages in step with the database’s', () => {
    expect([...SELLER_AD_PAGES]).toEqual([...AD_PAGES]);
  });

  it('creates a brand campaign with its image, waiting for review, then serves it on its page once approved', async () => {
    const res = await create(valid({ name: 'Home banner' }));
    expect(res.status).toBe(201);
    const { campaign } = SellerCampaignChanged.parse(await res.json());
    expect(campaign).toMatchObject({
      name: 'Home banner',
      kind: 'brand',
      page: 'home',
      adType: 'image',
      dailyBudgetPaise: 20_000,
      totalBudgetPaise: 100_000,
      bidPaise: 1_250,
      impressions: 0,
      clicks: 0,
      spentPaise: 0,
      orders: 0,
      state: 'in_review',
    });
    expect(campaign.media).toMatch(/^\/media\/seller-ads\/[0-9a-f]{32}\.png$/);
    const media = await t.request(campaign.media);
    expect(media.status).toBe(200);
    const running = () =>
      t.db
        .select({ id: brandCampaigns.id })
        .from(brandCampaigns)
        .where(and(eq(brandCampaigns.id, campaign.id), campaignIsRunning(new Date())));
    expect(await running()).toEqual([]);
    await approve(campaign.id);
    expect((await listOf()).campaigns.find((c) => c.id === campaign.id)?.state).toBe('running');
    const served = await t.db
      .select({ id: brandCampaigns.id })
      .from(brandCampaigns)
      .where(
        and(
          eq(brandCampaigns.page, 'home'),
          eq(brandCampaigns.type, 'sponsored_brand'),
          campaignIsRunning(new Date()),
        ),
      );
    expect(served.map((r) => r.id)).toContain(campaign.id);
    expect((await listOf()).campaigns.map((c) => c.id)).toContain(campaign.id);
    expect((await listOf()).brands.map((b) => b.id)).toContain(brandId);
  });

  it('creates a product campaign by the SKU of its offer, and a video one', async () => {
    const res = await create(valid({ kind: 'product', sku, brandId: '', page: 'search' }));
    expect(res.status).toBe(201);
    expect(SellerCampaignChanged.parse(await res.json()).campaign).toMatchObject({
      kind: 'product',
      brandName: expect.any(String),
    });
    const video = await create(valid({ adType: 'video' }), MP4, seller.cookie, 'video/mp4');
    expect(video.status).toBe(201);
    expect(SellerCampaignChanged.parse(await video.json()).campaign.media).toMatch(/\.mp4$/);
  });

  it.each<[string, Fields, number, string]>([
    ['HTML in the name', { name: '<img src=x onerror=alert(1)>' }, 400, 'name'],
    ['a NUL in the name', { name: 'Sale\u0000' }, 400, 'name'],
    ['an empty name', { name: '  ' }, 400, 'name'],
    ['a long name', { name: 'x'.repeat(81) }, 400, 'name'],
    ['reversed dates', { fromDate: inDays(5), toDate: inDays(2) }, 400, 'toDate'],
    ['an end in the past', { fromDate: inDays(-5), toDate: inDays(-1) }, 400, 'toDate'],
    ['a date that does not exist', { toDate: '2026-02-30' }, 400, 'toDate'],
    ['a negative budget', { totalBudget: '-500' }, 400, 'totalBudget'],
    ['a huge budget', { totalBudget: '99999999999' }, 400, 'totalBudget'],
    ['a budget over ₹10,00,000', { totalBudget: '1000001', dailyBudget: '100' }, 400, 'totalBudget'],
    ['a daily budget over the total', { dailyBudget: '5000' }, 400, 'dailyBudget'],
    ['a bid over the daily budget', { bid: '500' }, 400, 'bid'],
    ['a bid of nothing', { bid: '0' }, 400, 'bid'],
    ['an unknown page', { page: 'checkout' }, 400, 'page'],
    ['a brand the seller does not sell', { brandId: '999999' }, 400, 'brandId'],
    ['another seller’s SKU', { kind: 'product', sku: 'NOT-MINE-1' }, 400, 'sku'],
  ])('refuses %s', async (_, changes, status, field) => {
    const before = (await listOf()).campaigns.length;
    const res = await create(valid(changes));
    expect(res.status).toBe(status);
    const body = (await res.json()) as { error: { fields?: Record<string, string> } };
    expect(Object.keys(body.error.fields ?? {})).toContain(field);
    expect((await listOf()).campaigns.length).toBe(before);
  });

  it('refuses wrong file bytes, a missing file, an oversized image and a non-form body', async () => {
    const text = await create(
      valid(),
      Uint8Array.from(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
    );
    expect(text.status).toBe(415);
    expect((await create(valid({ adType: 'video' }), PNG)).status).toBe(415);
    expect((await create(valid(), null)).status).toBe(400);
    const big = new Uint8Array(2 * 1024 * 1024 + 10);
    big.set(PNG);
    expect((await create(valid(), big)).status).toBe(413);
    expect((await call('/api/seller/campaigns', seller.cookie, 'POST', { name: 'x' })).status).toBe(415);
  });

  it('creates one campaign of a name when the same form is sent twice at once', async () => {
    const fields = valid({ name: 'Double submit' });
    const answers = await Promise.all([create(fields), create(fields)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await listOf()).campaigns.filter((c) => c.name === 'Double submit')).toHaveLength(1);
  });

  it('works as a page form without scripts: the action sends the file on to the API', async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries(valid({ name: 'From the page' }))) form.set(name, value);
    form.set('file', new Blob([PNG], { type: 'image/png' }), 'ad.png');
    const res = await t.request('/sellercentral/ads/new', {
      method: 'POST',
      body: form,
      headers: { cookie: seller.cookie },
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/sellercentral/ads?created=1');
    expect((await listOf()).campaigns.some((c) => c.name === 'From the page')).toBe(true);
    const bad = new FormData();
    for (const [name, value] of Object.entries(
      valid({ name: 'Bad dates', fromDate: inDays(4), toDate: inDays(1) }),
    ))
      bad.set(name, value);
    const refused = await t.request('/sellercentral/ads/new', {
      method: 'POST',
      body: bad,
      headers: { cookie: seller.cookie },
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('The end date cannot be before the start date.');
    const list = await t.request('/sellercentral/ads', { headers: { cookie: seller.cookie } });
    expect(await list.text()).toContain('From the page');
  });

  it('answers 401 a visitor and 403 a shopper', async () => {
    expect((await create(valid(), PNG, null)).status).toBe(401);
    expect((await create(valid(), PNG, await t.loginCookie('priya@example.com'))).status).toBe(403);
    expect((await call('/api/seller/campaigns', null)).status).toBe(401);
  });
});

describe('pausing, resuming and the figures', () => {
  it('pauses and resumes its own campaign; another seller’s is 404', async () => {
    const campaign = await createApproved(valid({ name: 'Pause me' }));
    const paused = await call(`/api/seller/campaigns/${campaign.id}/pause`, seller.cookie, 'POST');
    expect(paused.status).toBe(200);
    expect(SellerCampaignChanged.parse(await paused.json()).campaign.state).toBe('paused');
    const [row] = await t.db
      .select({ id: brandCampaigns.id })
      .from(brandCampaigns)
      .where(and(eq(brandCampaigns.id, campaign.id), campaignIsRunning(new Date())));
    expect(row).toBeUndefined();
    const resumed = await call(`/api/seller/campaigns/${campaign.id}/resume`, seller.cookie, 'POST');
    expect(SellerCampaignChanged.parse(await resumed.json()).campaign.state).toBe('running');
    const other = await t.loginCookie('ganga-mercantile@sellers.example.com');
    expect((await call(`/api/seller/campaigns/${campaign.id}/pause`, other, 'POST')).status).toBe(404);
    expect((await listOf(other)).campaigns.some((c) => c.id === campaign.id)).toBe(false);
    expect(
      (
        await call(
          `/api/seller/campaigns/${campaign.id}/pause`,
          await t.loginCookie('priya@example.com'),
          'POST',
        )
      ).status,
    ).toBe(403);
    expect((await call(`/api/seller/campaigns/${campaign.id}/pause`, null, 'POST')).status).toBe(401);
    expect((await call('/api/seller/campaigns/abc/pause', seller.cookie, 'POST')).status).toBe(400);
  });

  it('stops charging and serving for the day when the daily budget is spent', async () => {
    const campaign = await createApproved(
      valid({ name: 'Daily cap', dailyBudget: '20', totalBudget: '100', bid: '13' }),
    );
    const click = () => call('/api/ads/clicks', null, 'POST', { campaignId: campaign.id, productId });
    const reasons = [];
    for (let i = 0; i < 3; i++) reasons.push(((await (await click()).json()) as { reason: string }).reason);
    expect(reasons).toEqual(['charged', 'charged', 'not_running']);
    const [after] = (await listOf()).campaigns.filter((c) => c.id === campaign.id);
    expect(after).toMatchObject({
      clicks: 3,
      spentPaise: 2_000,
      spentTodayPaise: 2_000,
      state: 'daily_budget_spent',
    });
    const [served] = await t.db
      .select({ id: brandCampaigns.id })
      .from(brandCampaigns)
      .where(and(eq(brandCampaigns.id, campaign.id), campaignIsRunning(new Date())));
    expect(served).toBeUndefined();
    // the next campaign day it runs again
    const tomorrow = new Date(Date.parse(`${inDays(1)}T06:00:00Z`));
    const [next] = await t.db
      .select({ id: brandCampaigns.id })
      .from(brandCampaigns)
      .where(and(eq(brandCampaigns.id, campaign.id), campaignIsRunning(tomorrow)));
    expect(next?.id).toBe(campaign.id);
  });

  it('counts the orders of shoppers who clicked, within 7 days after the click, once each', async () => {
    const { campaign } = SellerCampaignChanged.parse(
      await (await create(valid({ name: 'Attribution', kind: 'product', sku, brandId: '' }))).json(),
    );
    const priya = await userIdOf(t.db, 'priya@example.com');
    const someoneElse = await userIdOf(t.db, 'rahul@example.com');
    const [adOffer] = await t.db
      .select()
      .from(offers)
      .where(and(eq(offers.sellerId, seller.sellerId), eq(offers.sku, sku)));
    const [otherProduct] = await someProducts(t.db, 1, 81);
    if (!adOffer || !otherProduct) throw new Error('planted');
    const otherOffer = await plantOffer(t.db, seller.sellerId, otherProduct.id);
    await t.db.insert(campaignEvents).values([
      {
        campaignId: campaign.id,
        kind: 'click',
        userId: priya,
        productId,
        occurredAt: new Date('2026-03-01T10:00:00Z'),
      },
      {
        campaignId: campaign.id,
        kind: 'click',
        userId: priya,
        productId,
        occurredAt: new Date('2026-03-02T10:00:00Z'),
      },
      {
        campaignId: campaign.id,
        kind: 'impression',
        userId: someoneElse,
        productId,
        occurredAt: new Date('2026-03-01T10:00:00Z'),
      },
    ]);
    const line = [{ offer: adOffer, unitPricePaise: 10_000 }];
    // counted: a day after the second click (one order, though two clicks came before it)
    await plantOrder(t.db, priya, new Date('2026-03-03T10:00:00Z'), line);
    // counted: 7 days after the first click less a second, so within 7 days of both
    await plantOrder(t.db, priya, new Date('2026-03-08T09:59:59Z'), line);
    // not counted: before any click, more than 7 days after the last one, by a shopper who only saw it,
    // still awaiting payment, or another product of this seller (a product campaign)
    await plantOrder(t.db, priya, new Date('2026-03-01T09:00:00Z'), line);
    await plantOrder(t.db, priya, new Date('2026-03-09T10:00:01Z'), line);
    await plantOrder(t.db, someoneElse, new Date('2026-03-03T10:00:00Z'), line);
    await plantOrder(t.db, priya, new Date('2026-03-04T10:00:00Z'), line, 'awaiting_payment');
    await plantOrder(t.db, priya, new Date('2026-03-05T10:00:00Z'), [
      { offer: otherOffer, unitPricePaise: 10_000 },
    ]);
    const [listed] = (await listOf()).campaigns.filter((c) => c.id === campaign.id);
    expect(listed?.orders).toBe(2);
  });
});
