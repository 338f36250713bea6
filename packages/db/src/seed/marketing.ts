import { join } from 'node:path';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { categoryListingPath, categoryListingType, discountPercent } from '@marketplace/domain';
import {
  banners,
  brandCampaigns,
  campaignEvents,
  contentColumns,
  contentItems,
  contentPages,
  contentRows,
  deals,
  deliveryRates,
  footerMenuItems,
  offers,
  productAttributes,
  products,
  reasonQuestions,
  siteTexts,
  topMenuItems,
} from '../schema/index.ts';
import { slugFromTitle } from '@marketplace/domain/admin/menus-pages-api';
import { bulkInsert } from './bulk.ts';
import { type CatalogRefs } from './catalog.ts';
import { type SeedContext, DAY_MS, daysAgo, isoDate } from './context.ts';
import { BRANDS, CATEGORY_TREE, TOP_MENU } from './data/catalog.ts';
import {
  DRAFT_PAGE,
  FOOTER_SECTIONS,
  HOME_OFFERS,
  HOME_PROMO,
  PRIVILEGE_CLAIM,
  REASONS,
} from './data/content.ts';
import { PRODUCT_VIDEOS, VIDEO_CAMPAIGNS, VIDEO_SIZE } from './data/videos.ts';
import { bannerSvg } from './images.ts';
import { DEFAULT_RATE_CARD } from './rate-card.ts';

export async function seedDeliveryRates(ctx: SeedContext) {
  await ctx.db.insert(deliveryRates).values(DEFAULT_RATE_CARD);
}

export async function seedReasons(ctx: SeedContext) {
  const rows = (['cancel', 'return', 'replace'] as const).flatMap((kind) =>
    REASONS[kind].map((text, position) => ({ kind, text, position })),
  );
  await ctx.db.insert(reasonQuestions).values(rows);
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The seed's page texts (blank lines between paragraphs, '## ' before a heading) as the editor's HTML. */
export function htmlOfPlainText(text: string): string {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map((block) =>
      block.startsWith('## ') ? `<h2>${escapeHtml(block.slice(3))}</h2>` : `<p>${escapeHtml(block)}</p>`,
    )
    .join('');
}

export async function seedMenusAndPages(ctx: SeedContext, refs: CatalogRefs) {
  await ctx.db.insert(topMenuItems).values(
    TOP_MENU.map((item, position) => {
      const categoryId = refs.categoryIds.get(item.category);
      if (categoryId === undefined) throw new Error(`top menu ${item.name}: no category ${item.category}`);
      return { name: item.name, categoryId, position };
    }),
  );
  for (const section of FOOTER_SECTIONS) {
    for (const [position, item] of section.items.entries()) {
      let pageId: number | null = null;
      if (item.body && (section.section === 'explore' || section.section === 'policy')) {
        const [page] = await ctx.db
          .insert(contentPages)
          .values({
            section: section.section,
            name: item.name,
            slug: slugFromTitle(item.name),
            body: htmlOfPlainText(item.body),
            updatedAt: ctx.now,
          })
          .returning({ id: contentPages.id });
        pageId = page?.id ?? null;
      }
      await ctx.db
        .insert(footerMenuItems)
        .values({ section: section.section, name: item.name, pageId, link: item.link ?? null, position });
    }
  }
  // a draft the marketing team is still writing: the console lists it, shoppers do not see it
  await ctx.db.insert(contentPages).values({
    section: DRAFT_PAGE.section,
    name: DRAFT_PAGE.name,
    slug: slugFromTitle(DRAFT_PAGE.name),
    body: htmlOfPlainText(DRAFT_PAGE.body),
    isPublished: false,
    updatedAt: ctx.now,
  });
  await ctx.db
    .insert(siteTexts)
    .values([{ key: 'privilege_claim', value: PRIVILEGE_CLAIM.text, updatedAt: ctx.now }]);
}

type Promotable = {
  productId: number;
  sellerId: number;
  salePricePaise: number;
  mrpPaise: number;
  categoryId: number;
  brandId: number | null;
};

/** In-stock best offers of a sample of products, to promote in deals and content blocks. */
async function promotable(ctx: SeedContext, limit: number): Promise<Promotable[]> {
  return (
    ctx.db
      .select({
        productId: products.id,
        sellerId: offers.sellerId,
        salePricePaise: offers.salePricePaise,
        mrpPaise: offers.mrpPaise,
        categoryId: products.categoryId,
        brandId: products.brandId,
      })
      .from(products)
      .innerJoin(
        offers,
        and(eq(offers.productId, products.id), eq(offers.salePricePaise, products.lowestPricePaise)),
      )
      .where(and(gt(offers.stock, 0), sql`${offers.mrpPaise} > ${offers.salePricePaise}`))
      // two sellers may both offer the lowest price: the offer's id makes the order the same on every database
      .orderBy(products.id, offers.id)
      .limit(limit)
  );
}

/** A lightning deal runs for one slot of this many hours; slots follow each other for DEAL_DAYS days. */
export const LIGHTNING_DEAL_HOURS = 6;
export const DEAL_DAYS = 30;

export async function seedDeals(ctx: SeedContext) {
  const rng = ctx.rng.fork('deals');
  const pool = await promotable(ctx, 6_000);
  const rows: (typeof deals.$inferInsert)[] = [];
  const row = (
    page: 'home' | 'category' | 'deals',
    offerType: 'deals' | 'percentage_offer',
    item: Promotable,
    startsAt: Date,
    endsAt: Date,
  ) => {
    const percent = discountPercent(item.mrpPaise, item.salePricePaise);
    if (!percent) return; // a deal always takes something off
    rows.push({
      page,
      offerType,
      productId: item.productId,
      sellerId: item.sellerId,
      sellerType: 'seller',
      billingType: rng.chance(0.8) ? 'click' : 'impression',
      pagePoints: rng.int(100, 600),
      discountPercent: percent,
      registrationId: rng.chance(0.3) ? `REG${rng.int(10_000, 99_999)}` : null,
      startsAt,
      endsAt,
    });
  };
  // Lightning deals last hours: back-to-back slots from the seed's day on, each with its own products,
  // so a few are always running and each ends within the day.
  const lightning = [
    { page: 'home', perSlot: 8 },
    { page: 'category', perSlot: 16 },
    { page: 'deals', perSlot: 60 }, // more than the deals page's 48 a page
  ] as const;
  const slotMs = LIGHTNING_DEAL_HOURS * 3_600_000;
  for (let slot = 0; slot < (DEAL_DAYS * 24) / LIGHTNING_DEAL_HOURS; slot++) {
    const startsAt = new Date(ctx.now.getTime() + slot * slotMs);
    const endsAt = new Date(startsAt.getTime() + slotMs);
    for (const { page, perSlot } of lightning)
      for (const item of rng.sample(pool, perSlot)) row(page, 'deals', item, startsAt, endsAt);
  }
  // percentage offers run for days
  const percentage = [
    { page: 'home', count: 12 },
    { page: 'deals', count: 96 },
  ] as const;
  for (const { page, count } of percentage)
    for (const item of rng.sample(pool, count))
      row(
        page,
        'percentage_offer',
        item,
        new Date(ctx.now.getTime() - rng.int(1, 3) * DAY_MS),
        new Date(ctx.now.getTime() + rng.int(DEAL_DAYS - 4, DEAL_DAYS) * DAY_MS),
      );
  // thousands of rows of back-to-back slots: one array-bound insert instead of a statement per 500
  await bulkInsert(ctx.db, deals, rows);
  ctx.progress(`deals: ${rows.length} lightning deals and percentage offers`);
}

const CAMPAIGN_SLOTS = [
  { page: 'home', type: 'banner', size: '1500x300', count: 4 },
  { page: 'home', type: 'sponsored_brand', size: '970X250', count: 3 },
  { page: 'home', type: 'sponsored_brand', size: '300x250', count: 3 },
  { page: 'category', type: 'sponsored_brand', size: '728x90', count: 4 },
  { page: 'category', type: 'vertical', size: '160x600', count: 3 },
  { page: 'search', type: 'sponsored_brand', size: '1200×300', count: 3 },
  { page: 'product', type: 'sponsored_brand', size: '300x250', count: 3 },
] as const;

/** The brand's own line: the first category that lists it as its leading brand, else the first that lists it. */
export function brandHomeLeaf<T extends { leaf: { brands: readonly string[] } }>(
  leaves: readonly T[],
  brand: string,
): T | undefined {
  return leaves.find((l) => l.leaf.brands[0] === brand) ?? leaves.find((l) => l.leaf.brands.includes(brand));
}

export async function seedCampaigns(ctx: SeedContext, refs: CatalogRefs) {
  const rng = ctx.rng.fork('campaigns');
  // a campaign advertises a product from the brand's own line, drawn in its banner, so a
  // tagline about bass never sits over a power bank
  const homeLeafOf = new Map<number, number>();
  for (const brand of BRANDS) {
    const brandId = refs.brandIds.get(brand.name);
    const home = brandHomeLeaf(refs.leaves, brand.name);
    if (brandId !== undefined && home) homeLeafOf.set(brandId, home.id);
  }
  const pool = (await promotable(ctx, 3_000)).filter(
    (p) => p.brandId !== null && homeLeafOf.get(p.brandId) === p.categoryId,
  );
  if (pool.length === 0) return;
  let palette = 0;
  let made = 0;
  for (const slot of CAMPAIGN_SLOTS) {
    for (let i = 0; i < slot.count; i++) {
      const product = rng.pick(pool);
      const brand = BRANDS.find((b) => refs.brandIds.get(b.name) === product.brandId) ?? rng.pick(BRANDS);
      const brandId = refs.brandIds.get(brand.name);
      const leaf = refs.leaves.find((l) => l.id === product.categoryId)?.leaf;
      if (brandId === undefined || !leaf) continue;
      const [width, height] = slot.size.split(/[xX×]/).map(Number) as [number, number];
      const adImage = await ctx.media.svg(
        'campaigns',
        `${brand.name}-${slot.size}-${i}`,
        bannerSvg({
          width,
          height,
          headline: brand.name,
          subline: brand.tagline,
          kind: leaf.kind,
          palette: palette++,
        }),
      );
      const inserted = await insertCampaign(ctx, rng, {
        name: `${brand.name} ${slot.page} ${slot.type.replace('_', ' ')} ${i + 1}`,
        brandId,
        productId: product.productId,
        adType: 'image',
        adImage,
        adSize: slot.size,
        page: slot.page,
        type: slot.type,
      });
      if (inserted) made++;
    }
  }
  made += await seedVideoCampaigns(ctx, rng, refs, pool);
  ctx.progress(`sponsored brand campaigns: ${made}`);
}

type CampaignSlotRow = Pick<
  typeof brandCampaigns.$inferInsert,
  'name' | 'brandId' | 'productId' | 'adType' | 'adImage' | 'adVideo' | 'adSize' | 'page' | 'type'
>;

/** Inserts a running campaign with a few days of clicks behind it; false when nothing was inserted. */
async function insertCampaign(
  ctx: SeedContext,
  rng: SeedContext['rng'],
  row: CampaignSlotRow,
): Promise<boolean> {
  const bidPaise = rng.int(2, 15) * 100;
  const clicks = rng.int(5, 60);
  const impressions = clicks * rng.int(20, 80);
  const [campaign] = await ctx.db
    .insert(brandCampaigns)
    .values({
      ...row,
      fromDate: isoDate(daysAgo(ctx.now, rng.int(3, 30))),
      toDate: isoDate(new Date(ctx.now.getTime() + rng.int(30, 120) * DAY_MS)),
      maximumSpendLimitPaise: rng.int(500, 5_000) * 100,
      bidPaise,
      spentPaise: clicks * bidPaise,
      impressions,
      clicks,
    })
    .returning({ id: brandCampaigns.id });
  if (!campaign) return false;
  const events = Array.from({ length: clicks }, () => ({
    campaignId: campaign.id,
    kind: 'click',
    productId: row.productId,
    costPaise: bidPaise,
    occurredAt: daysAgo(ctx.now, rng.int(0, 3), rng.int(8, 22)),
  }));
  await ctx.db.insert(campaignEvents).values(events);
  return true;
}

/** Where the seed's films are kept in the repository (made by scripts/make-seed-videos.ts). */
export const SEED_VIDEO_DIR = join(import.meta.dirname, 'videos');

/**
 * The home page's brand video ads (requirements#home-video-ad): a few brands' films, each
 * with a poster drawn like its first frame, advertising a product of the brand's own line.
 */
async function seedVideoCampaigns(
  ctx: SeedContext,
  rng: SeedContext['rng'],
  refs: CatalogRefs,
  pool: readonly Promotable[],
): Promise<number> {
  let made = 0;
  for (const [index, film] of VIDEO_CAMPAIGNS.entries()) {
    const brand = BRANDS.find((b) => b.name === film.brand);
    const brandId = refs.brandIds.get(film.brand);
    const home = brandHomeLeaf(refs.leaves, film.brand);
    if (!brand || brandId === undefined || !home) continue;
    // a product of the brand's own line, as its image campaigns advertise
    const productId =
      pool.find((p) => p.brandId === brandId)?.productId ??
      (
        await ctx.db
          .select({ id: products.id })
          .from(products)
          .where(and(eq(products.brandId, brandId), eq(products.categoryId, home.id)))
          .orderBy(asc(products.id))
          .limit(1)
      )[0]?.id;
    if (productId === undefined) continue;
    const adVideo = await ctx.media.copy('videos', film.brand, join(SEED_VIDEO_DIR, film.file));
    const adImage = await ctx.media.svg(
      'campaigns',
      `${film.brand}-video-poster`,
      bannerSvg({
        ...VIDEO_SIZE,
        headline: brand.name,
        subline: brand.tagline,
        kind: film.kind,
        palette: index * 3 + 1,
      }),
    );
    const inserted = await insertCampaign(ctx, rng, {
      name: `${brand.name} home brand video ${index + 1}`,
      brandId,
      productId,
      adType: 'video',
      adImage,
      adVideo,
      adSize: `${VIDEO_SIZE.width}x${VIDEO_SIZE.height}`,
      page: 'home',
      type: 'sponsored_brand',
    });
    if (inserted) made++;
  }
  return made;
}

/** Some products carry a short film in their gallery: those of a film's kind and colour, so the film shows them. */
export async function seedProductVideos(ctx: SeedContext, refs: CatalogRefs): Promise<number> {
  let made = 0;
  for (const film of PRODUCT_VIDEOS) {
    const leafIds = refs.leaves.filter((l) => l.leaf.kind === film.kind).map((l) => l.id);
    if (leafIds.length === 0) continue;
    const rows = await ctx.db
      .select({ id: products.id })
      .from(products)
      .innerJoin(productAttributes, eq(productAttributes.productId, products.id))
      .where(
        and(
          inArray(products.categoryId, leafIds),
          eq(productAttributes.name, 'Colour'),
          eq(productAttributes.value, film.colour),
        ),
      );
    if (rows.length === 0) continue;
    const videoPath = await ctx.media.copy(
      'videos',
      `${film.kind}-${film.colour}-film`,
      join(SEED_VIDEO_DIR, film.file),
    );
    await ctx.db
      .update(products)
      .set({ videoPath })
      .where(
        inArray(
          products.id,
          rows.map((row) => row.id),
        ),
      );
    made += rows.length;
  }
  ctx.progress(`product videos: ${made}`);
  return made;
}

export async function seedBanners(ctx: SeedContext) {
  const headlines = [
    ['The Great Indian Shopping Days', 'Lakhs of products, delivered to your pincode', 'phone'],
    ['Festive Home Makeover', 'Cookware, decor and more from local sellers', 'pressurecooker'],
    ['Style Refresh', 'Kurtas, sarees and sneakers at new prices', 'kurta'],
  ] as const;
  const rows = [];
  for (const [i, [headline, subline, kind]] of headlines.entries()) {
    rows.push({
      kind: 'long',
      imagePath: await ctx.media.svg(
        'banners',
        `long-${i}`,
        bannerSvg({ width: 1500, height: 300, headline, subline, kind, palette: i }),
      ),
      altText: headline,
      link: null,
      position: i,
    });
    rows.push({
      kind: 'small',
      imagePath: await ctx.media.svg(
        'banners',
        `small-${i}`,
        bannerSvg({ width: 600, height: 300, headline, subline, kind, palette: i + 3 }),
      ),
      altText: headline,
      link: null,
      position: i,
    });
  }
  await ctx.db.insert(banners).values(rows);
}

/** Page-content blocks (frontpg / frontcol / frontcol_products) for home and category pages. */
export async function seedContentBlocks(ctx: SeedContext, refs: CatalogRefs) {
  const rng = ctx.rng.fork('content');
  const pool = await promotable(ctx, 8_000);
  const levelOf = new Map<string, number>();
  for (const c1 of CATEGORY_TREE) {
    levelOf.set(c1.name, 1);
    for (const c2 of c1.children) {
      levelOf.set(c2.name, 2);
      for (const c3 of c2.children) {
        levelOf.set(c3.name, 3);
        for (const leaf of c3.children) levelOf.set(leaf.name, 4);
      }
    }
  }
  const categoryLink = (name: string) => categoryListingPath(levelOf.get(name) ?? 1, name);
  const leavesUnder = (name: string) =>
    new Set(refs.leaves.filter((l) => l.path.includes(name)).map((l) => l.id));

  const addRow = async (row: typeof contentRows.$inferInsert) => {
    const [inserted] = await ctx.db.insert(contentRows).values(row).returning({ id: contentRows.id });
    if (!inserted) throw new Error('content row was not inserted');
    return inserted.id;
  };
  const addColumn = async (
    column: typeof contentColumns.$inferInsert,
    items: Omit<typeof contentItems.$inferInsert, 'columnId'>[],
  ) => {
    const [inserted] = await ctx.db
      .insert(contentColumns)
      .values(column)
      .returning({ id: contentColumns.id });
    if (!inserted) throw new Error('content column was not inserted');
    if (items.length > 0)
      await ctx.db
        .insert(contentItems)
        .values(items.map((item, position) => ({ ...item, columnId: inserted.id, position })));
  };
  const productItems = (picks: Promotable[]) =>
    picks.map((p) => ({ displayType: 'product', productId: p.productId }));

  // Home: the promo block, then a product carousel, two banners and a text block
  const promoRow = await addRow({
    pageType: 'home',
    contentType: 'PromoBlock',
    showTitle: false,
    title: 'Top picks',
    position: 0,
  });
  for (const [i, promo] of HOME_PROMO.entries()) {
    const image = await ctx.media.svg(
      'content',
      `promo-${promo.title}`,
      bannerSvg({
        width: 600,
        height: 400,
        headline: promo.title,
        subline: promo.subtitle,
        kind: promo.kind,
        palette: i,
      }),
    );
    await addColumn(
      { rowId: promoRow, displayType: 'banner', position: i, span: 3, header: promo.title, displayCount: 1 },
      [{ displayType: 'banner', imagePath: image, link: categoryLink(promo.category) }],
    );
  }
  const homeRow = await addRow({
    pageType: 'home',
    contentType: 'Home',
    showTitle: true,
    title: 'Deals on top categories',
    position: 1,
  });
  await addColumn(
    {
      rowId: homeRow,
      displayType: 'product',
      position: 0,
      span: 12,
      header: 'Deals on top categories',
      displayCount: 5,
    },
    productItems(rng.sample(pool, 10)),
  );
  const bannerRow = await addRow({
    pageType: 'home',
    contentType: 'Home',
    showTitle: false,
    title: 'Offers',
    position: 2,
  });
  for (const [i, promo] of HOME_OFFERS.entries()) {
    const image = await ctx.media.svg(
      'content',
      `home-offer-${i}`,
      bannerSvg({
        width: 900,
        height: 300,
        headline: promo.title,
        subline: promo.subtitle,
        kind: promo.kind,
        palette: i + 4,
      }),
    );
    await addColumn({ rowId: bannerRow, displayType: 'banner', position: i, span: 6, displayCount: 1 }, [
      { displayType: 'banner', imagePath: image, link: categoryLink(promo.category) },
    ]);
  }
  const textRow = await addRow({
    pageType: 'home',
    contentType: 'Home',
    showTitle: true,
    title: 'Why shop with us',
    position: 3,
  });
  await addColumn({ rowId: textRow, displayType: 'content', position: 0, span: 12, displayCount: 1 }, [
    {
      displayType: 'content',
      content:
        "Thousands of sellers across India, prices in rupees with every tax included, delivery speed and charges worked out for your pincode, cash on delivery up to ₹15,000, and easy returns and replacements within each product's window.",
    },
  ]);

  // Category pages: a product carousel for every category of the top two levels, a 4-up block and banners on top categories
  let rows = 0;
  for (const c1 of CATEGORY_TREE) {
    const names = [c1.name, ...c1.children.map((c) => c.name)];
    for (const name of names) {
      const categoryId = refs.categoryIds.get(name);
      if (categoryId === undefined) continue;
      const inside = leavesUnder(name);
      const picks = pool.filter((p) => inside.has(p.categoryId));
      if (picks.length < 4) continue;
      const level = levelOf.get(name) ?? 1;
      const pageType = categoryListingType(level);
      const row = await addRow({
        pageType,
        categoryId,
        contentType: 'Category',
        showTitle: true,
        title: `Top picks in ${name}`,
        position: 0,
      });
      await addColumn(
        {
          rowId: row,
          displayType: 'product',
          position: 0,
          span: 12,
          header: `Top picks in ${name}`,
          displayCount: 5,
        },
        productItems(rng.sample(picks, 10)),
      );
      const fourUp = await addRow({
        pageType,
        categoryId,
        contentType: 'Category',
        showTitle: true,
        title: `Best value in ${name}`,
        position: 1,
      });
      await addColumn(
        { rowId: fourUp, displayType: 'product', position: 0, span: 12, displayCount: 4 },
        productItems(rng.sample(picks, 4)),
      );
      rows += 2;
      if (level === 1) {
        const bannerRowId = await addRow({
          pageType,
          categoryId,
          contentType: 'Category',
          showTitle: false,
          title: `${name} offers`,
          position: 2,
        });
        for (const [i, child] of c1.children.slice(0, 2).entries()) {
          const kind = child.children[0]?.children[0]?.kind ?? 'softtoy';
          const image = await ctx.media.svg(
            'content',
            `category-${child.name}`,
            bannerSvg({
              width: 900,
              height: 300,
              headline: child.name,
              subline: `Explore ${child.name.toLowerCase()} from top brands`,
              kind,
              palette: rows + i,
            }),
          );
          await addColumn(
            { rowId: bannerRowId, displayType: 'banner', position: i, span: 6, displayCount: 1 },
            [{ displayType: 'banner', imagePath: image, link: categoryLink(child.name) }],
          );
        }
        rows++;
      }
    }
  }
  ctx.progress(`page content: home blocks and ${rows} category blocks`);
}
