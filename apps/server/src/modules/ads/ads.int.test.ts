import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandCampaigns, campaignEvents, dealClicks, deals, products, queryRows } from '@marketplace/db';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { recordClick, runningCampaigns } from './campaigns.ts';
import { dealsPage, loadRunningDeals } from './deals.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const post = (path: string, body?: unknown, headers: Record<string, string> = {}) =>
  t.request(path, {
    method: 'POST',
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    body: body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body),
  });

async function pricedProduct(offset = 0) {
  const [row] = await t.db
    .select({ id: products.id, brandId: products.brandId })
    .from(products)
    .where(and(eq(products.isActive, true), sql`${products.lowestPricePaise} IS NOT NULL`))
    .orderBy(products.id)
    .offset(offset)
    .limit(1);
  if (!row) throw new Error('a product with an offer expected');
  return row;
}

async function campaign(changes: Partial<typeof brandCampaigns.$inferInsert> = {}, offset = 0) {
  const product = await pricedProduct(offset);
  const [row] = await t.db
    .insert(brandCampaigns)
    .values({
      name: 'test campaign',
      brandId: product.brandId,
      productId: product.id,
      adType: 'image',
      adImage: '/media/x.svg',
      page: 'search',
      type: 'sponsored_brand',
      fromDate: daysFromToday(-1),
      toDate: daysFromToday(30),
      maximumSpendLimitPaise: 100_000,
      bidPaise: 1_000,
      ...changes,
    })
    .returning();
  if (!row) throw new Error('insert failed');
  return { campaign: row, productId: product.id };
}
const campaignRow = async (id: number) =>
  (await t.db.select().from(brandCampaigns).where(eq(brandCampaigns.id, id)))[0];
const clickEvents = (id: number) =>
  t.db
    .select()
    .from(campaignEvents)
    .where(and(eq(campaignEvents.campaignId, id), eq(campaignEvents.kind, 'click')));

describe('POST /api/ads/clicks', () => {
  it("records the click with its product, seller and match type and pays the campaign's bid", async () => {
    const { campaign: c, productId } = await campaign();
    const res = await post('/api/ads/clicks', { campaignId: c.id, productId, matchType: 'phrase' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ recorded: true, charged: true, reason: 'charged' });
    expect(await campaignRow(c.id)).toMatchObject({ spentPaise: 1_000, clicks: 1 });
    const [event] = await clickEvents(c.id);
    expect(event).toMatchObject({ productId, matchType: 'phrase', costPaise: 1_000, userId: null });
    expect(event?.sellerId).toBeGreaterThan(0);
  });

  it('spends up to the maximum and no further: the click that reaches it is capped and stops the campaign', async () => {
    const { campaign: c, productId } = await campaign({ maximumSpendLimitPaise: 2_500 });
    const costs: number[] = [];
    for (let i = 0; i < 4; i++) {
      const result = await recordClick(t.db, { campaignId: c.id, productId });
      costs.push(result.code === 'RECORDED' ? result.costPaise : -1);
    }
    expect(costs).toEqual([1_000, 1_000, 500, 0]);
    expect(await campaignRow(c.id)).toMatchObject({ spentPaise: 2_500, clicks: 4 });
    expect((await runningCampaigns(t.db, 'search', 'sponsored_brand')).map((r) => r.id)).not.toContain(c.id);
    const res = await post('/api/ads/clicks', { campaignId: c.id, productId });
    expect(await res.json()).toEqual({ recorded: true, charged: false, reason: 'not_running' });
  });

  it('never overspends under concurrent clicks', async () => {
    const { campaign: c, productId } = await campaign({ maximumSpendLimitPaise: 7_500, bidPaise: 1_000 });
    const results = await Promise.all(
      Array.from({ length: 20 }, async () => post('/api/ads/clicks', { campaignId: c.id, productId })),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const row = await campaignRow(c.id);
    expect(row).toMatchObject({ spentPaise: 7_500, clicks: 20 });
    const events = await clickEvents(c.id);
    expect(events).toHaveLength(20);
    expect(events.reduce((sum, e) => sum + e.costPaise, 0)).toBe(7_500);
  });

  it('records a repeat click within a minute without charging it: by session, and by cookie for visitors', async () => {
    const { campaign: c, productId } = await campaign();
    const cookie = await t.loginCookie('priya@example.com');
    const first = await post('/api/ads/clicks', { campaignId: c.id, productId }, { cookie });
    const again = await post('/api/ads/clicks', { campaignId: c.id, productId }, { cookie });
    expect(await first.json()).toMatchObject({ charged: true });
    expect(await again.json()).toMatchObject({ charged: false, reason: 'repeat' });
    // a visitor: the first answer's cookie marks the repeat
    const visitor = await post('/api/ads/clicks', { campaignId: c.id, productId });
    const setCookie = visitor.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/recent_ad_clicks=c\d+-\d+/);
    const repeat = await post(
      '/api/ads/clicks',
      { campaignId: c.id, productId },
      { cookie: setCookie.split(';')[0] ?? '' },
    );
    expect(await repeat.json()).toMatchObject({ charged: false, reason: 'repeat' });
    expect(await campaignRow(c.id)).toMatchObject({ spentPaise: 2_000, clicks: 4 });
    // the user id comes from the session, never from the body
    const events = await clickEvents(c.id);
    expect(events.filter((e) => e.userId !== null)).toHaveLength(2);
    const forged = await post('/api/ads/clicks', { campaignId: c.id, productId, userId: 1 });
    expect(forged.status).toBe(400);
  });

  it.each([
    ['not JSON', '{"campaignId": 1,', 400],
    ['no body', undefined, 400],
    ['missing product', { campaignId: 1 }, 400],
    ['text ids', { campaignId: '1', productId: '2' }, 400],
    ['negative id', { campaignId: -1, productId: 2 }, 400],
    ['fractional id', { campaignId: 1.5, productId: 2 }, 400],
    ['huge id', { campaignId: 1e12, productId: 2 }, 400],
    ['unknown match type', { campaignId: 1, productId: 2, matchType: 'fuzzy' }, 400],
    ['an array', [1, 2], 400],
    ['unknown campaign', { campaignId: 999_999, productId: 1 }, 404],
  ])('answers %s with %i', async (_, body, status) => {
    const res = await post('/api/ads/clicks', body);
    expect(res.status).toBe(status);
    expect(await res.json()).toMatchObject({
      error: { code: expect.any(String), message: expect.any(String) },
    });
  });

  it('refuses a product the campaign does not advertise (422), an oversized body (413) and other sites (403)', async () => {
    const { campaign: c } = await campaign();
    const [other] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.brandId} <> ${c.brandId}`)
      .limit(1);
    expect((await post('/api/ads/clicks', { campaignId: c.id, productId: other?.id })).status).toBe(422);
    const big = JSON.stringify({ campaignId: c.id, productId: 1, pad: 'x'.repeat(1_100_000) });
    expect((await post('/api/ads/clicks', big)).status).toBe(413);
    const crossSite = await post(
      '/api/ads/clicks',
      { campaignId: c.id, productId: 1 },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.status).toBe(403);
    expect((await campaignRow(c.id))?.clicks).toBe(0);
  });
});

describe('POST /api/ads/impressions', () => {
  it('records one impression per product while the campaign runs, free of charge', async () => {
    const { campaign: c, productId } = await campaign();
    const res = await post('/api/ads/impressions', { campaignId: c.id, productIds: [productId, productId] });
    expect(await res.json()).toEqual({ recorded: 1 });
    expect(await campaignRow(c.id)).toMatchObject({ impressions: 1, spentPaise: 0 });
    const { campaign: ended } = await campaign({ fromDate: daysFromToday(-9), toDate: daysFromToday(-2) });
    expect(
      await (await post('/api/ads/impressions', { campaignId: ended.id, productIds: [productId] })).json(),
    ).toEqual({
      recorded: 0,
    });
    expect((await post('/api/ads/impressions', { campaignId: 999_999, productIds: [1] })).status).toBe(404);
    expect((await post('/api/ads/impressions', { campaignId: c.id, productIds: [] })).status).toBe(400);
    const many = Array.from({ length: 49 }, (_, i) => i + 1);
    expect((await post('/api/ads/impressions', { campaignId: c.id, productIds: many })).status).toBe(400);
  });
});

describe('deals', () => {
  const now = new Date();
  const running = {
    startsAt: new Date(now.getTime() - 86_400_000),
    endsAt: new Date(now.getTime() + 7 * 86_400_000),
  };
  async function deal(changes: Partial<typeof deals.$inferInsert> = {}) {
    const product = await pricedProduct(5);
    const [offer] = await queryRows<{ seller_id: number }>(
      t.db,
      sql`SELECT seller_id FROM offers WHERE product_id = ${product.id} AND is_active LIMIT 1`,
    );
    const [row] = await t.db
      .insert(deals)
      .values({
        page: 'deals',
        productId: product.id,
        sellerId: Number(offer?.seller_id),
        offerType: 'deals',
        billingType: 'click',
        pagePoints: 300,
        discountPercent: 99,
        ...running,
        ...changes,
      })
      .returning();
    if (!row) throw new Error('insert failed');
    return row;
  }

  it('lists only deals running now, of the page and offer type, one per product, biggest discount first', async () => {
    const live = await deal();
    const ended = await deal({
      startsAt: new Date(now.getTime() - 9 * 86_400_000),
      endsAt: new Date(now.getTime() - 1_000),
    });
    const future = await deal({
      startsAt: new Date(now.getTime() + 86_400_000),
      endsAt: new Date(now.getTime() + 9 * 86_400_000),
    });
    const page = await dealsPage(t.db, 'deals', null, now);
    const ids = page.items.map((d) => d.dealId);
    expect(ids[0]).toBe(live.id);
    expect(ids).not.toContain(ended.id);
    expect(ids).not.toContain(future.id);
    expect(new Set(page.items.map((d) => d.id)).size).toBe(page.items.length);
    expect(page.items.every((d) => d.offerType === 'deals' && d.page === 'deals')).toBe(true);
    const html = await (await t.request('/todaydeals')).text();
    expect(html).toContain(`data-deal-id="${live.id}"`);
    expect(html).not.toContain(`data-deal-id="${ended.id}"`);
    const percent = await dealsPage(t.db, 'percentage_offer', null, now);
    expect(percent.items.every((d) => d.offerType === 'percentage_offer')).toBe(true);
    expect(percent.total).toBeGreaterThan(0);
    const home = await loadRunningDeals(t.db, 'home', 'deals', 6, now);
    expect(home.length).toBeGreaterThan(0);
    expect(home.length).toBeLessThanOrEqual(6);
    expect(home.every((d) => d.page === 'home' && d.salePricePaise !== null)).toBe(true);
    for (const row of [live, ended, future]) await t.db.delete(deals).where(eq(deals.id, row.id));
  });

  it('bounds the page of the deals pages to 1..page count', async () => {
    const first = await dealsPage(t.db, 'percentage_offer', null, now);
    for (const raw of ['-1', 'abc', '0'])
      expect((await dealsPage(t.db, 'percentage_offer', raw, now)).page).toBe(1);
    expect((await dealsPage(t.db, 'percentage_offer', '99999', now)).page).toBe(first.pages);
    expect((await t.request('/percentageoffer?page=99999')).status).toBe(200);
    expect((await t.request('/coupons?page=-4')).status).toBe(200);
  });

  it('records and charges a click only for a running deal of type click', async () => {
    const byClick = await deal();
    const res = await post(`/api/deals/${byClick.id}/clicks`);
    expect(await res.json()).toEqual({ recorded: true, charged: true, reason: 'charged' });
    const rows = await t.db.select().from(dealClicks).where(eq(dealClicks.dealId, byClick.id));
    expect(rows).toEqual([expect.objectContaining({ costPaise: 300, userId: null })]);
    expect((await t.db.select().from(deals).where(eq(deals.id, byClick.id)))[0]?.clicks).toBe(1);

    const byImpression = await deal({ billingType: 'impression' });
    expect(await (await post(`/api/deals/${byImpression.id}/clicks`)).json()).toEqual({
      recorded: false,
      charged: false,
      reason: 'not_click',
    });
    const ended = await deal({
      startsAt: new Date(now.getTime() - 9 * 86_400_000),
      endsAt: new Date(now.getTime() - 1_000),
    });
    expect(await (await post(`/api/deals/${ended.id}/clicks`)).json()).toMatchObject({
      recorded: false,
      reason: 'not_running',
    });
    const none = await t.db
      .select()
      .from(dealClicks)
      .where(sql`${dealClicks.dealId} IN (${byImpression.id}, ${ended.id})`);
    expect(none).toEqual([]);

    // a logged-in shopper's repeat within a minute is recorded free
    const cookie = await t.loginCookie('rahul@example.com');
    await post(`/api/deals/${byClick.id}/clicks`, undefined, { cookie });
    expect(await (await post(`/api/deals/${byClick.id}/clicks`, undefined, { cookie })).json()).toMatchObject(
      {
        recorded: true,
        charged: false,
        reason: 'repeat',
      },
    );
  });

  it.each([
    ['abc', 400],
    ['-2', 400],
    ['1.5', 400],
    ['99999999999', 400],
    ['999999', 404],
  ])('answers deal id %s with %i', async (id, status) => {
    expect((await post(`/api/deals/${id}/clicks`)).status).toBe(status);
  });
});

describe('the API document', () => {
  it('lists the ad and deal endpoints', async () => {
    const doc = (await (await t.request('/api/openapi.json')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/ads/clicks', '/api/ads/impressions', '/api/deals/{id}/clicks']),
    );
  });
});
