import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  brandCampaigns,
  brands,
  browsingHistory,
  campaignEvents,
  categories,
  products,
  siteTexts,
  users,
} from '@marketplace/db';
import { createTestApp, type TestApp, withoutScripts } from '../../../test-support/testing.ts';
import { createHomeServices } from './home.ts';
import { getBrandStore } from './home/brand.ts';
import { recordImpressions } from './home/campaigns.ts';
import { categorySubtreeIds } from './categories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const userId = async (email: string) => {
  const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no ${email}`);
  return user.id;
};
const asRequest = (cookie?: string) =>
  new Request('http://localhost/', cookie ? { headers: { cookie } } : {});
const fresh = () => createHomeServices(t.db, undefined, { sharedTtlMs: 0, awaitImpressions: true });
const home = async (cookie?: string) => (await t.request('/', cookie ? { headers: { cookie } } : {})).text();

describe('the home page for a visitor', () => {
  it('renders every block of the spec in order, from the database', async () => {
    const html = await home();
    const order = [
      'content-row-promo',
      'home-ad-wide',
      'Related to items you&#x27;ve viewed',
      'Pick up where you left off',
      'content-row-home',
      'Best Sellers in Luxury Beauty',
      'home-ad-box',
      'Lightning deals',
      'Percentage offers',
    ];
    const at = order.map((text) => html.indexOf(text));
    expect(
      at.every((i) => i > 0),
      JSON.stringify(Object.fromEntries(order.map((o, i) => [o, at[i]]))),
    ).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(html).toContain('href="/best-sellers-online/Luxury%20Beauty"');
    expect(html.match(/class="home-ad home-ad-wide"/g)).toHaveLength(2);
    // a visitor's recently viewed items live in their browser: nothing on the server
    expect(withoutScripts(html)).not.toContain('Your recently viewed items');
  });

  it('falls back to popular products and best sellers, and ranks Luxury Beauty best sellers by units sold', async () => {
    const feed = await fresh().homeFeed(asRequest());
    expect(feed.historyOnServer).toBe(false);
    expect(feed.related.source).toBe('fallback');
    expect(feed.related.products).toHaveLength(8);
    expect(feed.pickUp.source).toBe('fallback');
    expect(feed.pickUp.products).toHaveLength(8);
    expect(feed.recentlyViewed).toEqual([]);
    const [luxury] = await t.db.select().from(categories).where(eq(categories.name, 'Luxury Beauty'));
    const subtree = await categorySubtreeIds(t.db, luxury?.id ?? 0);
    const rows = await t.db
      .select({ id: products.id, categoryId: products.categoryId, unitsSold: products.unitsSold })
      .from(products)
      .where(inArray(products.id, feed.bestSellers?.products.map((p) => p.id) ?? []));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => subtree.includes(r.categoryId))).toBe(true);
    const sold =
      feed.bestSellers?.products.map((p) => rows.find((r) => r.id === p.id)?.unitsSold ?? -1) ?? [];
    expect([...sold].sort((a, b) => b - a)).toEqual(sold);
  });

  it('shows running home deals once per product, lightning deals and percentage offers apart', async () => {
    const feed = await fresh().homeFeed(asRequest());
    for (const list of [feed.lightningDeals, feed.percentageDeals]) {
      expect(list.length).toBeGreaterThan(0);
      expect(new Set(list.map((p) => p.id)).size).toBe(list.length);
    }
    const running = await t.db.execute(
      sql`SELECT DISTINCT product_id FROM deals WHERE page = 'home' AND offer_type = 'deals' AND starts_at <= now() AND ends_at > now()`,
    );
    const ids = (running as { rows: { product_id: number }[] }).rows.map((r) => Number(r.product_id));
    expect(feed.lightningDeals.every((p) => ids.includes(p.id))).toBe(true);
  });
});

describe('the home page for a shopper with a history', () => {
  it('shows their viewed products, newest first, and products of the same leaf categories they have not seen', async () => {
    const priya = await userId('priya@example.com');
    const picks = await t.db
      .select({ id: products.id, categoryId: products.categoryId })
      .from(products)
      .where(eq(products.isActive, true))
      .orderBy(products.id)
      .limit(3);
    const now = Date.now();
    await t.db.delete(browsingHistory).where(eq(browsingHistory.userId, priya));
    await t.db
      .insert(browsingHistory)
      .values(
        picks.map((p, i) => ({ userId: priya, productId: p.id, viewedAt: new Date(now - (i + 1) * 60_000) })),
      );
    const cookie = await t.loginCookie('priya@example.com');
    const feed = await fresh().homeFeed(asRequest(cookie));
    expect(feed.historyOnServer).toBe(true);
    expect(feed.pickUp.source).toBe('history');
    expect(feed.pickUp.products.map((p) => p.id)).toEqual(picks.map((p) => p.id));
    expect(feed.recentlyViewed.map((p) => p.id)).toEqual(picks.map((p) => p.id));
    expect(feed.related.source).toBe('history');
    const related = await t.db
      .select({ id: products.id, categoryId: products.categoryId })
      .from(products)
      .where(
        inArray(
          products.id,
          feed.related.products.map((p) => p.id),
        ),
      );
    expect(related.length).toBeGreaterThan(0);
    expect(related.every((r) => picks.some((p) => p.categoryId === r.categoryId))).toBe(true);
    expect(related.some((r) => picks.some((p) => p.id === r.id))).toBe(false);

    const html = await home(cookie);
    expect(html).toContain('Your recently viewed items');
    // another shopper's home never shows Priya's history
    const rahulFeed = await fresh().homeFeed(asRequest(await t.loginCookie('rahul@example.com')));
    expect(rahulFeed.recentlyViewed.map((p) => p.id)).not.toEqual(picks.map((p) => p.id));
  });
});

describe('sponsored campaigns on home', () => {
  it('counts an impression of each campaign shown, as a counter and an event', async () => {
    const before = await t.db.select().from(brandCampaigns).where(eq(brandCampaigns.page, 'home'));
    const eventsBefore = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(campaignEvents)
      .where(eq(campaignEvents.kind, 'impression'));
    const feed = await fresh().homeFeed(asRequest());
    const shown = [...feed.sponsored, ...feed.brandAds].map((c) => c.id);
    expect(shown.length).toBe(4);
    const after = await t.db.select().from(brandCampaigns).where(inArray(brandCampaigns.id, shown));
    for (const campaign of after) {
      const old = before.find((c) => c.id === campaign.id);
      expect(campaign.impressions).toBe((old?.impressions ?? 0) + 1);
    }
    const eventsAfter = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(campaignEvents)
      .where(eq(campaignEvents.kind, 'impression'));
    expect((eventsAfter[0]?.n ?? 0) - (eventsBefore[0]?.n ?? 0)).toBe(shown.length);
  });

  it('counts impressions of pages shown at once, whatever order their campaigns come in, without deadlock', async () => {
    const onHome = await t.db.select().from(brandCampaigns).where(eq(brandCampaigns.page, 'home'));
    const ids = onHome.map((c) => c.id).slice(0, 6);
    expect(ids.length).toBe(6);
    // each page picks its campaigns at random: some lists are another's reversed
    const pages = Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? ids : [...ids].reverse().slice(i % 3)));
    await Promise.all(pages.map((shown) => recordImpressions(t.db, shown, null)));
    const after = await t.db.select().from(brandCampaigns).where(inArray(brandCampaigns.id, ids));
    for (const campaign of after) {
      const old = onHome.find((c) => c.id === campaign.id);
      const times = pages.filter((shown) => shown.includes(campaign.id)).length;
      expect(campaign.impressions).toBe((old?.impressions ?? 0) + times);
    }
  });

  it('never shows a paused, ended or spent campaign, and shows a video ad beside an image ad when one runs', async () => {
    const onHome = await t.db.select().from(brandCampaigns).where(eq(brandCampaigns.page, 'home'));
    const [paused, spent] = onHome.filter((c) => c.type === 'sponsored_brand' && c.adSize === '970X250');
    if (!paused || !spent) throw new Error('seeded wide campaigns expected');
    await t.db.update(brandCampaigns).set({ isActive: false }).where(eq(brandCampaigns.id, paused.id));
    await t.db
      .update(brandCampaigns)
      .set({ spentPaise: sql`${brandCampaigns.maximumSpendLimitPaise}` })
      .where(eq(brandCampaigns.id, spent.id));
    // the seed runs brand video ads (requirements#home-video-ad): one shows beside an image ad, with its poster
    const videos = onHome.filter((c) => c.adType === 'video');
    expect(videos.length).toBeGreaterThan(0);
    for (let i = 0; i < 4; i++) {
      const feed = await fresh().homeFeed(asRequest());
      expect(feed.sponsored.map((c) => c.id)).not.toContain(paused.id);
      expect(feed.sponsored.map((c) => c.id)).not.toContain(spent.id);
      expect(feed.brandAds.map((c) => c.adType)).toEqual(['image', 'video']);
      const video = videos.find((c) => c.id === feed.brandAds[1]?.id);
      expect(feed.brandAds[1]?.video).toBe(video?.adVideo);
      expect(feed.brandAds[1]?.image).toBe(video?.adImage);
    }
    // with no video campaign running, the slot shows a second image ad
    await t.db
      .update(brandCampaigns)
      .set({ isActive: false })
      .where(
        inArray(
          brandCampaigns.id,
          videos.map((c) => c.id),
        ),
      );
    const feed = await fresh().homeFeed(asRequest());
    expect(feed.brandAds.map((c) => c.adType)).toEqual(['image', 'image']);
    await t.db
      .update(brandCampaigns)
      .set({ isActive: true })
      .where(
        inArray(
          brandCampaigns.id,
          videos.map((c) => c.id),
        ),
      );
  });
});

describe('brand pages', () => {
  const busiestBrand = async () => {
    const [row] = await t.db
      .select({
        id: brands.id,
        name: brands.name,
        isRegistry: brands.isRegistry,
        n: sql<number>`count(*)::int`,
      })
      .from(products)
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(eq(products.isActive, true))
      .groupBy(brands.id)
      .orderBy(sql`count(*) DESC`)
      .limit(1);
    if (!row) throw new Error('brands expected');
    return row;
  };

  it("groups a brand's products by their sub-sub-category (level 3)", async () => {
    const brand = await busiestBrand();
    const store = await getBrandStore(t.db, brand.name.toUpperCase());
    expect(store?.brand.id).toBe(brand.id);
    expect(store?.productCount).toBe(brand.n);
    for (const section of store?.sections ?? []) {
      const [category] = await t.db.select().from(categories).where(eq(categories.id, section.id));
      expect(category?.level).toBe(3);
      const inside = await t.db
        .select({ parentId: categories.parentId })
        .from(products)
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .where(
          inArray(
            products.id,
            section.products.map((p) => p.id),
          ),
        );
      expect(inside.every((c) => c.parentId === section.id)).toBe(true);
    }
  });

  it('serves the brand page at its canonical path and redirects the other one', async () => {
    const brand = await busiestBrand();
    const path = `${brand.isRegistry ? '/brandregistry/' : '/brand/'}${encodeURIComponent(brand.name)}`;
    const res = await t.request(path);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<h1>${brand.name.replace(/&/g, '&amp;')}</h1>`);
    expect(html).toContain('data-testid="brand-section"');
    const other = await t.request(
      `${brand.isRegistry ? '/brand/' : '/brandregistry/'}${encodeURIComponent(brand.name)}`,
    );
    expect(other.status).toBe(301);
    expect(other.headers.get('location')).toBe(path);
  });

  it('round-trips brand names with spaces, ampersands, quotes and Devanagari', async () => {
    const name = `Desi "Kala" & Sons' देसी`;
    const [brand] = await t.db
      .insert(brands)
      .values({ name, isRegistry: true, tagline: 'हाथ से बना', country: 'India' })
      .returning({ id: brands.id });
    const [product] = await t.db.select({ id: products.id }).from(products).limit(1);
    await t.db
      .update(products)
      .set({ brandId: brand?.id ?? 0 })
      .where(eq(products.id, product?.id ?? 0));
    const res = await t.request(`/brandregistry/${encodeURIComponent(name)}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Desi &quot;Kala&quot; &amp; Sons&#x27; देसी');
    expect(html).toContain('Brand Registry');
  });

  it.each(['No Such Brand', "'; DROP TABLE brands; --", '%25%5F', 'देसी', '😀', 'x'.repeat(10_000)])(
    'answers 404 for the unknown brand %#',
    async (name) => {
      const res = await t.request(`/brand/${encodeURIComponent(name)}`);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('Oops! Page Not Found');
    },
  );
});

describe('the privilege claim page', () => {
  it('shows the operators’ text, and the video when one is set', async () => {
    const [text] = await t.db.select().from(siteTexts).where(eq(siteTexts.key, 'privilege_claim'));
    const res = await t.request('/privilegeclaim');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain((text?.value ?? '-').slice(0, 40).replace(/&/g, '&amp;'));
    expect(html).not.toContain('<video');
    await t.db
      .insert(siteTexts)
      .values({ key: 'privilege_claim_video', value: '/media/claims/how-to-claim.webm' })
      .onConflictDoUpdate({ target: siteTexts.key, set: { value: '/media/claims/how-to-claim.webm' } });
    expect(await (await t.request('/privilegeclaim')).text()).toContain(
      'src="/media/claims/how-to-claim.webm"',
    );
    await t.db
      .update(siteTexts)
      .set({ value: 'javascript:alert(1)' })
      .where(and(eq(siteTexts.key, 'privilege_claim_video')));
    const bad = await (await t.request('/privilegeclaim')).text();
    expect(bad).toContain('Invalid video URL');
    expect(bad).not.toContain('javascript:alert');
  });
});
