import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { CATEGORY_LISTING_TYPES } from '@marketplace/domain';
import { categories, brands, products, sellers } from './catalog.ts';
import { createdAt, id, oneOf } from './columns.ts';
import { users } from './users.ts';

export const AD_TYPES = ['image', 'video'] as const;
export const AD_PAGES = ['home', 'category', 'search', 'product', 'brand', 'deals'] as const;
export const CAMPAIGN_EVENT_KINDS = ['impression', 'click'] as const;
export const CAMPAIGN_REVIEW_STATUSES = ['pending', 'approved', 'refused'] as const;
export const DEAL_OFFER_TYPES = ['deals', 'percentage_offer'] as const;
export const DEAL_BILLING_TYPES = ['click', 'impression'] as const;
export const CONTENT_PAGE_TYPES = ['home', ...CATEGORY_LISTING_TYPES] as const;
export const CONTENT_DISPLAY_TYPES = ['product', 'banner', 'video', 'content'] as const;
export const FOOTER_SECTIONS = ['explore', 'profits', 'policy', 'support'] as const;
export const BANNER_KINDS = ['long', 'small'] as const;

/** Sponsored brand campaigns (image or video ads) placed on a page and paid per click. */
export const brandCampaigns = pgTable(
  'brand_campaigns',
  {
    id: id(),
    name: text().notNull(),
    brandId: integer()
      .notNull()
      .references(() => brands.id),
    productId: integer().references(() => products.id, { onDelete: 'set null' }),
    adType: text().notNull(),
    adImage: text(),
    adVideo: text(),
    adSize: text(), // e.g. '300x250'; x, X or × accepted
    page: text().notNull(),
    type: text().notNull().default('sponsored_brand'), // sponsored_brand, banner, vertical
    fromDate: date().notNull(),
    toDate: date().notNull(),
    maximumSpendLimitPaise: integer().notNull(),
    dailyBudgetPaise: integer(), // requirements#seller-ads: at most this spent a day (null: no daily cap)
    bidPaise: integer().notNull(), // bid_points: cost of one click
    spentPaise: integer().notNull().default(0),
    impressions: integer().notNull().default(0),
    clicks: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    // requirements#operator-promotions: a seller's new campaign waits for staff to approve it; only an
    // approved one runs (the operator's own, and those made before reviews, are approved)
    reviewStatus: text().notNull().default('approved'),
    reviewReason: text(),
    reviewedAt: timestamp({ withTimezone: true }),
    // requirements#seller-ads: the seller that runs the campaign from Seller Central (null: the operator's)
    sellerId: integer().references(() => sellers.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('brand_campaigns_seller_idx').on(t.sellerId, t.createdAt),
    index('brand_campaigns_page_idx').on(t.page, t.adType, t.fromDate, t.toDate),
    index('brand_campaigns_brand_idx').on(t.brandId),
    index('brand_campaigns_review_idx').on(t.reviewStatus, t.createdAt),
    check('brand_campaigns_review_status_known', sql.raw(oneOf('review_status', CAMPAIGN_REVIEW_STATUSES))),
    check('brand_campaigns_ad_type_known', sql.raw(oneOf('ad_type', AD_TYPES))),
    check('brand_campaigns_page_known', sql.raw(oneOf('page', AD_PAGES))),
    check('brand_campaigns_dates_ordered', sql`${t.fromDate} <= ${t.toDate}`),
    check(
      'brand_campaigns_money_not_negative',
      sql`${t.maximumSpendLimitPaise} >= 0 AND ${t.bidPaise} >= 0 AND ${t.spentPaise} >= 0 AND (${t.dailyBudgetPaise} IS NULL OR ${t.dailyBudgetPaise} >= 0)`,
    ),
    check('brand_campaigns_counts_not_negative', sql`${t.impressions} >= 0 AND ${t.clicks} >= 0`),
    check(
      'brand_campaigns_media_present',
      sql`(${t.adType} = 'image' AND ${t.adImage} IS NOT NULL) OR (${t.adType} = 'video' AND ${t.adVideo} IS NOT NULL)`,
    ),
  ],
);

/** Each impression and click of a campaign or a sponsored search result, with what it cost. */
export const campaignEvents = pgTable(
  'campaign_events',
  {
    id: id(),
    campaignId: integer()
      .notNull()
      .references(() => brandCampaigns.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    productId: integer().references(() => products.id, { onDelete: 'set null' }),
    sellerId: integer().references(() => sellers.id),
    matchType: text(), // sponsored search: how the keyword matched (exact, phrase, broad)
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    costPaise: integer().notNull().default(0),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaign_events_campaign_idx').on(t.campaignId, t.occurredAt),
    check('campaign_events_kind_known', sql.raw(oneOf('kind', CAMPAIGN_EVENT_KINDS))),
    check('campaign_events_cost_not_negative', sql`${t.costPaise} >= 0`),
  ],
);

/** Lightning deals and percentage offers promoted on a page. */
export const deals = pgTable(
  'deals',
  {
    id: id(),
    page: text().notNull(), // ad_page_id / pagename: home, category, deals
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sellerId: integer()
      .notNull()
      .references(() => sellers.id),
    sellerType: text().notNull().default('seller'),
    billingType: text().notNull().default('click'), // the spec's `type`: clicks are recorded only for 'click'
    offerType: text().notNull(), // deals (lightning deal) or percentage_offer
    pagePoints: integer().notNull().default(0), // cost of one click in paise
    discountPercent: integer().notNull(),
    registrationId: text(), // reg_id
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    clicks: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('deals_page_offer_idx').on(t.page, t.offerType, t.endsAt),
    index('deals_offer_type_idx').on(t.offerType, t.endsAt),
    check('deals_page_known', sql.raw(oneOf('page', AD_PAGES))),
    check('deals_offer_type_known', sql.raw(oneOf('offer_type', DEAL_OFFER_TYPES))),
    check('deals_billing_type_known', sql.raw(oneOf('billing_type', DEAL_BILLING_TYPES))),
    check('deals_discount_range', sql`${t.discountPercent} BETWEEN 1 AND 100`),
    check('deals_dates_ordered', sql`${t.startsAt} < ${t.endsAt}`),
    check('deals_counts_not_negative', sql`${t.clicks} >= 0 AND ${t.pagePoints} >= 0`),
  ],
);

export const dealClicks = pgTable(
  'deal_clicks',
  {
    id: id(),
    dealId: integer()
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    costPaise: integer().notNull().default(0),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('deal_clicks_deal_idx').on(t.dealId, t.occurredAt)],
);

/** Page-content rows (the spec's frontpg): a titled row of columns on the home or a category page. */
export const contentRows = pgTable(
  'content_rows',
  {
    id: id(),
    pageType: text().notNull(),
    categoryId: integer().references(() => categories.id, { onDelete: 'cascade' }),
    contentType: text().notNull().default('Home'), // PromoBlock, Home, Category
    showTitle: boolean().notNull().default(true),
    title: text().notNull().default(''),
    position: integer().notNull().default(0),
  },
  (t) => [
    index('content_rows_page_idx').on(t.pageType, t.categoryId, t.position),
    check('content_rows_page_type_known', sql.raw(oneOf('page_type', CONTENT_PAGE_TYPES))),
    check('content_rows_category_matches_page', sql`(${t.pageType} = 'home') = (${t.categoryId} IS NULL)`),
  ],
);

/** Columns of a content row (frontcol): a product, banner, video or text block spanning 1 to 12 grid columns. */
export const contentColumns = pgTable(
  'content_columns',
  {
    id: id(),
    rowId: integer()
      .notNull()
      .references(() => contentRows.id, { onDelete: 'cascade' }),
    displayType: text().notNull(),
    position: integer().notNull().default(0),
    span: integer().notNull().default(12),
    header: text(),
    displayCount: integer().notNull().default(4), // slides shown when the column becomes a carousel
  },
  (t) => [
    index('content_columns_row_idx').on(t.rowId, t.position),
    check('content_columns_display_type_known', sql.raw(oneOf('display_type', CONTENT_DISPLAY_TYPES))),
    check('content_columns_span_range', sql`${t.span} BETWEEN 1 AND 12`),
    check('content_columns_count_positive', sql`${t.displayCount} >= 1`),
  ],
);

/** Items of a content column (frontcol_products). */
export const contentItems = pgTable(
  'content_items',
  {
    id: id(),
    columnId: integer()
      .notNull()
      .references(() => contentColumns.id, { onDelete: 'cascade' }),
    displayType: text().notNull(),
    productId: integer().references(() => products.id, { onDelete: 'cascade' }),
    imagePath: text(),
    link: text(),
    videoPath: text(),
    content: text(),
    position: integer().notNull().default(0),
  },
  (t) => [
    index('content_items_column_idx').on(t.columnId, t.position),
    check('content_items_display_type_known', sql.raw(oneOf('display_type', CONTENT_DISPLAY_TYPES))),
    check('content_items_product_present', sql`${t.displayType} <> 'product' OR ${t.productId} IS NOT NULL`),
  ],
);

/**
 * Top menu: one link per entry, the best sellers of its category or a link of its own (a path on
 * this site or an https address; requirements#operator-content).
 */
export const topMenuItems = pgTable(
  'top_menu_items',
  {
    id: id(),
    name: text().notNull(),
    categoryId: integer().references(() => categories.id),
    link: text(),
    position: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex('top_menu_items_name_key').on(sql`lower(${t.name})`),
    check('top_menu_items_has_target', sql`${t.categoryId} IS NOT NULL OR ${t.link} IS NOT NULL`),
  ],
);

/**
 * Explore and policy pages reached from the footer: a title, an address (slug) unique within its
 * kind, and HTML cleaned on save and on render (requirements#operator-content). Shoppers see only
 * published pages.
 */
export const contentPages = pgTable(
  'content_pages',
  {
    id: id(),
    section: text().notNull(), // explore or policy
    name: text().notNull(), // the title
    slug: text().notNull(),
    body: text().notNull(), // sanitised HTML
    isPublished: boolean().notNull().default(true),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('content_pages_section_name_key').on(t.section, sql`lower(${t.name})`),
    uniqueIndex('content_pages_section_slug_key').on(t.section, t.slug),
    check('content_pages_section_known', sql`${t.section} IN ('explore', 'policy')`),
  ],
);

/** Footer columns; an item without a page or a link is shown as plain text (requirements#footer). */
export const footerMenuItems = pgTable(
  'footer_menu_items',
  {
    id: id(),
    section: text().notNull(),
    name: text().notNull(),
    pageId: integer().references(() => contentPages.id, { onDelete: 'set null' }),
    link: text(),
    position: integer().notNull().default(0),
  },
  (t) => [
    index('footer_menu_items_section_idx').on(t.section, t.position),
    check('footer_menu_items_section_known', sql.raw(oneOf('section', FOOTER_SECTIONS))),
    check('footer_menu_items_one_target', sql`${t.pageId} IS NULL OR ${t.link} IS NULL`),
  ],
);

export const banners = pgTable(
  'banners',
  {
    id: id(),
    kind: text().notNull(),
    imagePath: text().notNull(),
    link: text(),
    altText: text().notNull(),
    position: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    // requirements#operator-content: shown from startsAt (if set) until before endsAt (if set)
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('banners_kind_idx').on(t.kind, t.position),
    check('banners_kind_known', sql.raw(oneOf('kind', BANNER_KINDS))),
    check(
      'banners_dates_ordered',
      sql`${t.startsAt} IS NULL OR ${t.endsAt} IS NULL OR ${t.startsAt} < ${t.endsAt}`,
    ),
  ],
);

/** Site-wide texts edited by operators: the privilege-claim text and video, and the like. */
export const siteTexts = pgTable('site_texts', {
  key: text().primaryKey(),
  value: text().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * requirements#operator-promotions: the PromoJun platform promo as staff set it, one row; with no
 * row the checkout applies the standing (requirements#platform-promo) ₹50 on every order.
 */
export const platformPromo = pgTable(
  'platform_promo',
  {
    id: integer().primaryKey().default(1),
    name: text().notNull().default('PromoJun'),
    amountPaise: integer().notNull(),
    isEnabled: boolean().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('platform_promo_one_row', sql`${t.id} = 1`),
    check('platform_promo_amount_not_negative', sql`${t.amountPaise} >= 0`),
  ],
);
