import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banners, brandCampaigns, brands, categories, products } from '@marketplace/db';
import { createTestApp, type TestApp } from '../../../test-support/testing.ts';
import { getCategoryMenu, getShellBanner } from './service.ts';

// campaigns run by dates: the pages and the service read the same fixed clock, whatever today is
const NOW = new Date('2026-11-20T10:00:00Z');
let t: TestApp;
beforeAll(async () => {
  // these tests change menus and campaigns between pages
  t = await createTestApp({ keepPageLookupsMs: 0, clock: () => NOW });
});
afterAll(() => t.close());
const bannerCampaigns = () =>
  t.db.select().from(brandCampaigns).where(eq(brandCampaigns.type, 'banner')).orderBy(brandCampaigns.id);
const home = async () => (await t.request('/')).text();

describe('the banner block', () => {
  it('shows a running image campaign of type banner, sized by its size text, linking to its brand', async () => {
    const running = await bannerCampaigns();
    expect(running.length).toBeGreaterThan(1);
    const seen = new Set<string>();
    for (const random of [0, 0.3, 0.6, 0.99]) {
      const banner = await getShellBanner(t.db, NOW, () => random);
      expect(banner?.kind).toBe('campaign');
      expect(running.map((c) => c.adImage)).toContain(banner?.image);
      expect(banner?.size).toEqual({ width: 1500, height: 300 });
      expect(banner?.href).toMatch(/^\/brand(registry)?\//);
      seen.add(banner?.image ?? '');
    }
    expect(seen.size).toBeGreaterThan(1); // a random one, not always the same
    const html = await home();
    expect(html).toContain('banner-block banner-campaign');
    expect(html).toContain('data-size="1500x300"');
  });

  it('never shows a campaign that is paused, not yet started, ended, out of budget or a video', async () => {
    const [keep, ...others] = await bannerCampaigns();
    const rules = [
      { isActive: false },
      { fromDate: '2026-12-01', toDate: '2026-12-31' },
      { fromDate: '2026-10-01', toDate: '2026-11-01' },
      { spentPaise: sql`${brandCampaigns.maximumSpendLimitPaise}` },
      { adType: 'video', adVideo: '/media/campaigns/ad.mp4' },
    ];
    for (const [i, other] of others.entries()) {
      await t.db
        .update(brandCampaigns)
        .set(rules[i % rules.length] ?? {})
        .where(eq(brandCampaigns.id, other.id));
    }
    for (const random of [0, 0.5, 0.99]) {
      expect((await getShellBanner(t.db, NOW, () => random))?.image).toBe(keep?.adImage);
    }
  });

  it('shows one campaign per image and reads x, X or × in the size text; unreadable size is full width and 40vh', async () => {
    const [first] = await bannerCampaigns();
    if (!first) throw new Error('seeded banner campaigns expected');
    await t.db.update(brandCampaigns).set({ adSize: '1200×240' }).where(eq(brandCampaigns.id, first.id));
    expect((await getShellBanner(t.db, NOW, () => 0))?.size).toEqual({ width: 1200, height: 240 });
    await t.db.update(brandCampaigns).set({ adSize: '970X250' }).where(eq(brandCampaigns.id, first.id));
    expect((await getShellBanner(t.db, NOW, () => 0))?.size).toEqual({ width: 970, height: 250 });
    await t.db.update(brandCampaigns).set({ adSize: 'wide banner' }).where(eq(brandCampaigns.id, first.id));
    expect((await getShellBanner(t.db, NOW, () => 0))?.size).toBeNull();
    const html = await home();
    expect(html).toContain('data-size="invalid"');
    expect(html).toMatch(/style="width:100%;height:40vh"/);
  });

  it('shows the default long banner when no campaign is eligible, and nothing when there is none', async () => {
    await t.db.update(brandCampaigns).set({ isActive: false });
    const [long] = await t.db
      .select()
      .from(banners)
      .where(eq(banners.kind, 'long'))
      .orderBy(banners.position);
    const banner = await getShellBanner(t.db, NOW);
    expect(banner).toEqual({
      kind: 'default',
      image: long?.imagePath,
      alt: long?.altText,
      href: null,
      size: null,
    });
    expect(await home()).toContain('banner-block banner-default');
    await t.db.update(banners).set({ isActive: false });
    expect(await getShellBanner(t.db, NOW)).toBeNull();
    const res = await t.request('/');
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain('banner-block');
    await t.db.update(banners).set({ isActive: true });
    await t.db.update(brandCampaigns).set({ isActive: true });
  });

  it("opens a brand's store with that brand's own campaign only, else the default banner", async () => {
    const [first] = await bannerCampaigns();
    if (!first) throw new Error('seeded banner campaigns expected');
    const [advertiser] = await t.db.select().from(brands).where(eq(brands.id, first.brandId));
    const [quiet] = await t.db
      .select()
      .from(brands)
      .where(sql`${brands.id} not in (select brand_id from brand_campaigns where type = 'banner')`)
      .limit(1);
    if (!advertiser || !quiet) throw new Error('a brand with and one without a banner campaign expected');
    for (const random of [0, 0.5, 0.999]) {
      const own = await getShellBanner(t.db, NOW, () => random, {
        kind: 'brand',
        brand: advertiser.name.toUpperCase(),
      });
      expect(own?.alt).toBe(advertiser.name);
      const other = await getShellBanner(t.db, NOW, () => random, { kind: 'brand', brand: quiet.name });
      expect(other?.kind).toBe('default');
    }
    expect(await getShellBanner(t.db, NOW, Math.random, { kind: 'none' })).toBeNull();
  });

  it('is left out of product, review and content pages', async () => {
    expect(await home()).toContain('banner-block');
    const [product] = await t.db.select({ name: products.name }).from(products).limit(1);
    for (const path of [
      `/productdetails/${encodeURIComponent(product?.name ?? '')}`,
      `/reviews?product=${encodeURIComponent(product?.name ?? '')}`,
      '/explore/About%20Us',
      '/brandregistry',
    ]) {
      expect(await (await t.request(path)).text(), path).not.toContain('banner-block');
    }
  });

  it('is left out of account, cart and login pages', async () => {
    expect(await home()).toContain('banner-block');
    for (const path of ['/cart', '/login', '/registration']) {
      expect(await (await t.request(path)).text()).not.toContain('banner-block');
    }
    const cookie = await t.loginCookie('priya@example.com');
    const html = await (await t.request('/myprofile', { headers: { cookie } })).text();
    expect(html).not.toContain('banner-block');
  });
});

describe('the category side menu', () => {
  it('holds every top category with its second-level groups and their third-level entries', async () => {
    const menu = await getCategoryMenu(t.db);
    const rows = await t.db.select().from(categories);
    const level = (n: number) => rows.filter((row) => row.level === n);
    expect(menu.map((top) => top.id).sort()).toEqual(
      level(1)
        .map((row) => row.id)
        .sort(),
    );
    for (const top of menu) {
      expect(top.groups.map((g) => g.id).sort()).toEqual(
        level(2)
          .filter((row) => row.parentId === top.id)
          .map((row) => row.id)
          .sort(),
      );
      for (const group of top.groups) {
        expect(group.entries.map((e) => e.id).sort()).toEqual(
          level(3)
            .filter((row) => row.parentId === group.id)
            .map((row) => row.id)
            .sort(),
        );
      }
    }
    expect(await home()).toContain('class="all-button"');
  });
});

describe('a failing shell part leaves its area empty and the page usable', () => {
  it.each([
    ['brand_campaigns', 'banner-block'],
    ['categories', 'all-button'],
    ['top_menu_items', 'top-menu'],
  ])('without %s a page still renders, without %s', async (table, marker) => {
    expect(await (await t.request('/todaydeals')).text()).toContain(marker);
    await t.db.execute(sql.raw(`ALTER TABLE ${table} RENAME TO ${table}_away`));
    try {
      const res = await t.request('/todaydeals');
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).not.toContain(marker);
      expect(html).toContain('site-search');
    } finally {
      await t.db.execute(sql.raw(`ALTER TABLE ${table}_away RENAME TO ${table}`));
    }
  });
});

describe("the header's delivery place", () => {
  const deliverTo = async (cookie?: string) => {
    const res = await t.request('/', cookie === undefined ? {} : { headers: { cookie } });
    expect(res.status).toBe(200);
    const html = (await res.text()).replace(/<!-- -->/g, '');
    // the place is a stored name, kept out of page translation
    return /Deliver to<\/span><b>(?:<span translate="no">)?([^<]*)(?:<\/span>)?<\/b>/.exec(html)?.[1];
  };

  it('names the city of the pincode cookie, the one every page names (ADR-0004)', async () => {
    expect(await deliverTo('pincode=795001')).toBe('Imphal 795001');
    expect(await deliverTo('pincode=600100')).toBe('Tambaram 600100');
    expect(await deliverTo('theme=dark; pincode=500001')).toBe('Hyderabad 500001');
  });

  it('says Select pincode before a pincode is chosen', async () => {
    expect(await deliverTo()).toBe('Select pincode');
    expect(await deliverTo('other=1')).toBe('Select pincode');
  });

  it('reads a malformed, hostile or oversized cookie as the default pincode, never a failure', async () => {
    for (const value of ['12', 'abcdef', '%E0%A4%A', '6001%00', '9'.repeat(5_000), '999999x'])
      expect(await deliverTo(`pincode=${value}`), value.slice(0, 20)).toBe('Tambaram 600100');
  });

  it('shows an unknown six-digit pincode without a city', async () => {
    expect(await deliverTo('pincode=999999')).toBe('999999');
  });
});
