import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  HANDLING_CLASSES,
  PRODUCT_MODERATION_STATUSES,
  OFFER_IMPORT_STATUSES,
  SELLER_DOCUMENT_KINDS,
  SELLER_STATUSES,
  ZONES,
} from '@marketplace/domain';
import { COUPON_SCOPES } from '@marketplace/domain/pricing/coupon-scope';
import { TURNOVER_BANDS } from '@marketplace/domain/tax/rates';
import { createdAt, id, oneOf, tsvector, updatedAt } from './columns.ts';
import { pincodes } from './geo.ts';
import { users } from './users.ts';

export const PARCEL_TYPES = ['unit', 'order', 'gram'] as const;
export const SELLER_TYPES = ['seller', 'brand'] as const;
export const COUPON_OFFER_TYPES = ['cash', 'percentage'] as const;

// GIN indexes are written through at once (fastupdate off): a pending list of unmerged entries
// makes every search scan it, and nothing merges it on the embedded database (no autovacuum).

/** Four levels: 1 category (c), 2 subcategory (sc), 3 supercategory (ssc), 4 supersubcategory (sssc). */
export const categories = pgTable(
  'categories',
  {
    id: id(),
    parentId: integer().references((): AnyPgColumn => categories.id),
    level: integer().notNull(),
    name: text().notNull(),
    imagePath: text(),
    position: integer().notNull().default(0),
    // requirements#operator-catalog: a retired category leaves the menu, listings and sellers' forms
    retiredAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // listing URLs carry the name: it must be unique within its level
    uniqueIndex('categories_level_name_key').on(t.level, sql`lower(${t.name})`),
    index('categories_parent_idx').on(t.parentId, t.position),
    index('categories_name_trgm_idx')
      .using('gin', sql`${t.name} gin_trgm_ops`)
      .with({ fastupdate: false }),
    check('categories_level_range', sql`${t.level} BETWEEN 1 AND 4`),
    check('categories_root_has_no_parent', sql`(${t.level} = 1) = (${t.parentId} IS NULL)`),
  ],
);

/**
 * requirements#operator-catalog: the names a category had at a level before staff renamed or moved
 * it; a listing address with such a name redirects to the category's current one (its name wins).
 */
export const categoryFormerNames = pgTable(
  'category_former_names',
  {
    id: id(),
    categoryId: integer()
      .notNull()
      .references(() => categories.id),
    level: integer().notNull(),
    name: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('category_former_names_level_name_key').on(t.level, sql`lower(${t.name})`)],
);

/**
 * requirements#operator-catalog: a leaf category's filter attributes (Colour, RAM, Size) and their
 * allowed values, in the order staff set: Seller Central's new-product form offers them and the
 * listing filters show them.
 */
export const categoryAttributes = pgTable(
  'category_attributes',
  {
    id: id(),
    categoryId: integer()
      .notNull()
      .references(() => categories.id),
    name: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [uniqueIndex('category_attributes_category_name_key').on(t.categoryId, sql`lower(${t.name})`)],
);

export const categoryAttributeValues = pgTable(
  'category_attribute_values',
  {
    id: id(),
    attributeId: integer()
      .notNull()
      .references(() => categoryAttributes.id, { onDelete: 'cascade' }),
    value: text().notNull(),
    position: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex('category_attribute_values_attribute_value_key').on(t.attributeId, sql`lower(${t.value})`),
  ],
);

export const brands = pgTable(
  'brands',
  {
    id: id(),
    name: text().notNull(),
    isRegistry: boolean().notNull().default(false),
    logoPath: text(),
    country: text(),
    tagline: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('brands_name_key').on(sql`lower(${t.name})`),
    index('brands_name_trgm_idx')
      .using('gin', sql`${t.name} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

export const sellers = pgTable(
  'sellers',
  {
    id: id(),
    userId: integer().references(() => users.id),
    name: text().notNull(), // seller_sname, shown to shoppers
    legalName: text().notNull(),
    type: text().notNull().default('seller'),
    pincode: text()
      .notNull()
      .references(() => pincodes.pincode),
    gstin: text(),
    // requirements#delivery-serviceability: the zones the seller ships to (local at least)
    shippingZones: text()
      .array()
      .notNull()
      .default(sql.raw(`ARRAY[${ZONES.map((zone) => `'${zone}'`).join(', ')}]::text[]`)),
    // requirements#courier-opt-in: the seller ships with Bazaar courier by default (chosen when
    // joining, changed in the account); checkout asks that courier whether it reaches the shopper
    shipsWithCourier: boolean().notNull().default(false),
    ratingCount: integer().notNull().default(0),
    ratingSum: integer().notNull().default(0),
    // requirements#seller-onboarding: who the seller is, where it ships from and is paid to; a
    // new seller waits as pending until approved (or rejected with a reason)
    status: text().notNull().default('approved'),
    rejectionReason: text(),
    // requirements#operator-sellers: why staff suspended the seller (its listings are held off the shop)
    suspensionReason: text(),
    pan: text(),
    enrolmentNo: text(), // an unregistered seller's GST enrolment number: it sells within its state only
    // requirements#gst-tax: the aggregate-turnover band the seller declares (HSN digits, e-invoicing)
    turnoverBand: text().notNull().default('up_to_5cr'),
    pickupAddress: text(), // street lines; `pincode` is the pickup pincode
    returnAddress: text(),
    returnPincode: text().references(() => pincodes.pincode),
    contactName: text(),
    contactEmail: text(),
    contactMobile: text(),
    bankAccountName: text(),
    bankAccountNumber: text(),
    bankIfsc: text(),
    /** made by the demo seed (ADR-0049): never paid through a real payout provider */
    isDemo: boolean().notNull().default(false),
    categoryIds: integer()
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    // requirements#document-series: the prefix of the seller's invoice and credit note numbers (null: derived from its legal name)
    documentPrefix: text(),
    submittedAt: timestamp({ withTimezone: true }),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('sellers_status_known', sql.raw(oneOf('status', SELLER_STATUSES))),
    check('sellers_rejection_has_reason', sql`${t.status} <> 'rejected' OR ${t.rejectionReason} IS NOT NULL`),
    check(
      'sellers_suspension_has_reason',
      sql`${t.status} <> 'suspended' OR ${t.suspensionReason} IS NOT NULL`,
    ),
    index('sellers_status_idx').on(t.status, t.submittedAt),
    uniqueIndex('sellers_name_key').on(sql`lower(${t.name})`),
    uniqueIndex('sellers_user_key').on(t.userId),
    check('sellers_type_known', sql.raw(oneOf('type', SELLER_TYPES))),
    check('sellers_turnover_band_known', sql.raw(oneOf('turnover_band', TURNOVER_BANDS))),
    check(
      'sellers_shipping_zones_known',
      sql.raw(
        `shipping_zones <@ ARRAY[${ZONES.map((zone) => `'${zone}'`).join(', ')}]::text[] AND 'local' = ANY (shipping_zones)`,
      ),
    ),
    check('sellers_rating_not_negative', sql`${t.ratingCount} >= 0 AND ${t.ratingSum} >= 0`),
    check('sellers_document_prefix_shape', sql`${t.documentPrefix} ~ '^[A-Z1-9][A-Z0-9/-]{0,4}$'`),
    // requirements#document-series: one GSTIN's accounts never number under one prefix (stored in capitals)
    uniqueIndex('sellers_document_prefix_key')
      .on(t.gstin, t.documentPrefix)
      .where(sql`${t.gstin} IS NOT NULL AND ${t.documentPrefix} IS NOT NULL`),
  ],
);

/** Variants of one product (colours, sizes, storage) share a group. */
export const productGroups = pgTable('product_groups', {
  id: id(),
  name: text().notNull(),
  axes: jsonb().$type<string[]>().notNull().default([]), // e.g. ['Colour', 'Storage']
});

export const products = pgTable(
  'products',
  {
    id: id(),
    name: text().notNull(), // unique: product URLs carry the name
    categoryId: integer()
      .notNull()
      .references(() => categories.id),
    brandId: integer()
      .notNull()
      .references(() => brands.id),
    groupId: integer().references(() => productGroups.id),
    variant: jsonb().$type<Record<string, string>>().notNull().default({}), // e.g. { Colour: 'Blue', Storage: '128 GB' }
    description: text().notNull().default(''),
    bulletPoints: jsonb().$type<string[]>().notNull().default([]),
    technicalDetails: jsonb().$type<{ name: string; value: string }[]>().notNull().default([]),
    mainImage: text().notNull(),
    images: jsonb().$type<string[]>().notNull().default([]), // gallery, main image first
    videoPath: text(),
    upc: text(),
    isAssured: boolean().notNull().default(false),
    isComparable: boolean().notNull().default(true),
    hasReplacement: boolean().notNull().default(false),
    replaceDays: integer().notNull().default(0),
    hasReturn: boolean().notNull().default(false),
    returnDays: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    // requirements#delivery-serviceability: standard, bulky, fragile or hazardous
    handling: text().notNull().default('standard'),
    // kept in step with reviews so listings need no aggregation
    star1: integer().notNull().default(0),
    star2: integer().notNull().default(0),
    star3: integer().notNull().default(0),
    star4: integer().notNull().default(0),
    star5: integer().notNull().default(0),
    ratingCount: integer().notNull().default(0),
    // kept in step with offers and orders: listing price filter and sort, best-seller rank
    lowestPricePaise: integer(),
    unitsSold: integer().notNull().default(0),
    // requirements#seller-listings: a product a seller adds waits for moderation (and stays
    // inactive) until approved; tax and Legal Metrology facts travel with it
    createdBySellerId: integer().references((): AnyPgColumn => sellers.id),
    moderationStatus: text().notNull().default('approved'),
    moderationReason: text(),
    submittedAt: timestamp({ withTimezone: true }),
    hsnCode: text(), // requirements#gst-tax: the product's rate is derived from it and the GST rate schedule
    /** @deprecated typed by sellers under the old law; never read: rates come from `gst_rate_schedule` */
    gstRate: integer(),
    countryOfOrigin: text(),
    netQuantity: text(),
    // requirements#operator-catalog: a duplicate merged into another product; its address redirects there
    mergedIntoId: integer().references((): AnyPgColumn => products.id),
    // requirements#operator-sellers: taken off the shop because its only sellers are suspended;
    // a reinstatement puts back exactly these
    isHeldBySuspension: boolean().notNull().default(false),
    searchVector: tsvector().generatedAlwaysAs(
      (): ReturnType<typeof sql> =>
        sql`to_tsvector('english'::regconfig, ${products.name} || ' ' || coalesce(${products.description}, ''))`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_name_key').on(sql`lower(${t.name})`),
    index('products_category_price_idx').on(t.categoryId, t.lowestPricePaise),
    index('products_category_sold_idx').on(t.categoryId, t.unitsSold),
    index('products_brand_idx').on(t.brandId),
    index('products_group_idx').on(t.groupId),
    index('products_units_sold_idx').on(t.unitsSold),
    index('products_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    index('products_name_trgm_idx')
      .using('gin', sql`${t.name} gin_trgm_ops`)
      .with({ fastupdate: false }),
    check('products_days_not_negative', sql`${t.replaceDays} >= 0 AND ${t.returnDays} >= 0`),
    check(
      'products_stars_not_negative',
      sql`${t.star1} >= 0 AND ${t.star2} >= 0 AND ${t.star3} >= 0 AND ${t.star4} >= 0 AND ${t.star5} >= 0 AND ${t.ratingCount} >= 0`,
    ),
    check(
      'products_lowest_price_not_negative',
      sql`${t.lowestPricePaise} IS NULL OR ${t.lowestPricePaise} >= 0`,
    ),
    check('products_units_sold_not_negative', sql`${t.unitsSold} >= 0`),
    check('products_handling_known', sql.raw(oneOf('handling', HANDLING_CLASSES))),
    check('products_moderation_known', sql.raw(oneOf('moderation_status', PRODUCT_MODERATION_STATUSES))),
    // requirements#gst-invoices: nothing is sold that its seller could not invoice (its HSN code
    // resolves to a rate in the schedule: checked where a product is approved or listed)
    check('products_live_has_tax', sql`NOT ${t.isActive} OR ${t.hsnCode} IS NOT NULL`),
    check('products_hsn_shape', sql`${t.hsnCode} IS NULL OR ${t.hsnCode} ~ '^[0-9]{4}([0-9]{2}){0,2}$'`),
    index('products_moderation_idx').on(t.moderationStatus, t.submittedAt),
    index('products_created_by_seller_idx').on(t.createdBySellerId),
    index('products_merged_into_idx')
      .on(t.mergedIntoId)
      .where(sql`${t.mergedIntoId} IS NOT NULL`),
    check('products_merged_inactive', sql`${t.mergedIntoId} IS NULL OR NOT ${t.isActive}`),
    check('products_not_merged_into_itself', sql`${t.mergedIntoId} IS NULL OR ${t.mergedIntoId} <> ${t.id}`),
  ],
);

/** Filter attributes (Colour, RAM, Size...) and the compare table's rows. */
export const productAttributes = pgTable(
  'product_attributes',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    value: text().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.name, t.value] }),
    index('product_attributes_name_value_idx').on(t.name, t.value, t.productId),
  ],
);

/** A seller's offer of a product: its own price, stock and shipping facts. */
export const offers = pgTable(
  'offers',
  {
    id: id(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sellerId: integer()
      .notNull()
      .references(() => sellers.id),
    sku: text().notNull(),
    salePricePaise: integer().notNull(),
    mrpPaise: integer().notNull(),
    stock: integer().notNull(),
    maxPerOrder: integer().notNull().default(10),
    sellerPincode: text()
      .notNull()
      .references(() => pincodes.pincode),
    warrantyInfo: text(),
    warrantyBy: text(),
    warrantyYears: integer().notNull().default(0),
    manufacturerName: text(),
    importerName: text(),
    packerName: text(),
    weightGrams: integer().notNull(),
    packWeightGrams: integer().notNull(),
    lengthCm: numeric({ precision: 8, scale: 1 }).notNull(),
    widthCm: numeric({ precision: 8, scale: 1 }).notNull(),
    heightCm: numeric({ precision: 8, scale: 1 }).notNull(),
    origin: text().notNull().default('India'),
    parcelType: text().notNull(),
    isActive: boolean().notNull().default(true), // false: paused by the seller (or closed)
    // requirements#operator-sellers: inactive because its seller is suspended, not by the seller's
    // own pause; a reinstatement puts back exactly these
    isHeldBySuspension: boolean().notNull().default(false),
    // requirements#seller-listings: days the seller takes to hand an order to the courier
    dispatchDays: integer().notNull().default(2),
    codAllowed: boolean().notNull().default(true),
    closedAt: timestamp({ withTimezone: true }), // closed listings leave the seller's table and never sell again
    // requirements#seller-bulk-inventory: grows by one whenever the price, M.R.P. or stock changes,
    // whoever changes it (a trigger of migration 0040); a save names the version it edited
    version: integer().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('offers_product_seller_key').on(t.productId, t.sellerId),
    uniqueIndex('offers_seller_sku_key').on(t.sellerId, t.sku),
    index('offers_product_price_idx').on(t.productId, t.salePricePaise),
    check('offers_sale_price_not_negative', sql`${t.salePricePaise} >= 0`),
    check('offers_mrp_not_negative', sql`${t.mrpPaise} >= 0`),
    check('offers_stock_not_negative', sql`${t.stock} >= 0`),
    check('offers_max_per_order_positive', sql`${t.maxPerOrder} >= 1`),
    check('offers_warranty_not_negative', sql`${t.warrantyYears} >= 0`),
    check('offers_weight_positive', sql`${t.weightGrams} > 0 AND ${t.packWeightGrams} > 0`),
    check('offers_parcel_type_known', sql.raw(oneOf('parcel_type', PARCEL_TYPES))),
    check('offers_dispatch_days_range', sql`${t.dispatchDays} BETWEEN 1 AND 30`),
    check('offers_closed_inactive', sql`${t.closedAt} IS NULL OR NOT ${t.isActive}`),
    check('offers_held_inactive', sql`NOT ${t.isHeldBySuspension} OR NOT ${t.isActive}`),
    // requirements#seller-bulk-inventory: the seller's offers table pages each sort through its
    // own index of open offers (no sort of 50,000 rows), and finds SKUs by any part of them
    index('offers_seller_open_updated_idx')
      .on(t.sellerId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.closedAt} IS NULL`),
    index('offers_seller_open_price_idx')
      .on(t.sellerId, t.salePricePaise, t.id)
      .where(sql`${t.closedAt} IS NULL`),
    index('offers_seller_open_stock_idx')
      .on(t.sellerId, t.stock, t.id)
      .where(sql`${t.closedAt} IS NULL`),
    // on the lower-cased SKU, so that it serves searches only: a lookup of SKUs by equality
    // (an upload's batch of 1,000) keeps to offers_seller_sku_key
    index('offers_sku_trgm_idx')
      .using('gin', sql`lower(${t.sku}) gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);

export const coupons = pgTable(
  'coupons',
  {
    id: id(),
    name: text().notNull(),
    // requirements#coupon-scopes: every product, a category (and below), a brand, a seller or one product
    scope: text().notNull().default('product'),
    productId: integer().references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer().references(() => categories.id),
    brandId: integer().references(() => brands.id),
    /** the seller of a seller coupon; with any other scope, the one seller whose offers it reaches */
    sellerId: integer().references(() => sellers.id),
    offerType: text().notNull(),
    value: integer().notNull(), // paise for cash, whole percent for percentage
    isActive: boolean().notNull().default(true),
    perDayLimit: integer(), // coupon_perday_wp: redemptions allowed per day
    totalLimit: integer(), // coupon_total_wp
    redeemedCount: integer().notNull().default(0),
    selectedDays: jsonb().$type<number[]>(), // weekdays (0 Sunday) the coupon runs on; null means every day
    sellerType: text(),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('coupons_product_idx').on(t.productId, t.sellerId),
    // the product page's wider coupons (a category's, a brand's, a seller's, everyone's)
    index('coupons_wide_idx')
      .on(t.scope)
      .where(sql`${t.scope} <> 'product'`),
    // requirements#operator-promotions: a coupon's code is one of a kind among its target's coupons
    uniqueIndex('coupons_target_code_key').on(
      t.scope,
      sql`coalesce(${t.productId}, ${t.categoryId}, ${t.brandId}, ${t.sellerId}, 0)`,
      sql`upper(${t.name})`,
    ),
    check('coupons_offer_type_known', sql.raw(oneOf('offer_type', COUPON_OFFER_TYPES))),
    check('coupons_scope_known', sql.raw(oneOf('scope', COUPON_SCOPES))),
    // requirements#coupon-scopes: a scope names its target and no other scope's
    check(
      'coupons_scope_target',
      sql`CASE ${t.scope}
        WHEN 'all' THEN ${t.productId} IS NULL AND ${t.categoryId} IS NULL AND ${t.brandId} IS NULL
        WHEN 'category' THEN ${t.categoryId} IS NOT NULL AND ${t.productId} IS NULL AND ${t.brandId} IS NULL
        WHEN 'brand' THEN ${t.brandId} IS NOT NULL AND ${t.productId} IS NULL AND ${t.categoryId} IS NULL
        WHEN 'seller' THEN ${t.sellerId} IS NOT NULL AND ${t.productId} IS NULL AND ${t.categoryId} IS NULL AND ${t.brandId} IS NULL
        WHEN 'product' THEN ${t.productId} IS NOT NULL AND ${t.categoryId} IS NULL AND ${t.brandId} IS NULL
        ELSE FALSE END`,
    ),
    check('coupons_value_positive', sql`${t.value} > 0`),
    check('coupons_percentage_at_most_100', sql`${t.offerType} <> 'percentage' OR ${t.value} <= 100`),
    check('coupons_redeemed_not_negative', sql`${t.redeemedCount} >= 0`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    sellerId: integer()
      .notNull()
      .references(() => sellers.id),
    userId: integer()
      .notNull()
      .references(() => users.id),
    orderNo: text(),
    stars: integer().notNull(),
    body: text().notNull(),
    images: jsonb().$type<string[]>().notNull().default([]),
    sellerMessage: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('reviews_product_seller_idx').on(t.productId, t.sellerId, t.createdAt),
    index('reviews_user_idx').on(t.userId),
    // requirements#seller-dashboard: a seller's average rating and newest reviews
    index('reviews_seller_created_idx').on(t.sellerId, t.createdAt),
    check('reviews_stars_range', sql`${t.stars} BETWEEN 1 AND 5`),
  ],
);

/** requirements#seller-onboarding: a document a seller uploads while joining, kept in the upload store under a random key. */
export const sellerDocuments = pgTable(
  'seller_documents',
  {
    id: id(),
    sellerId: integer()
      .notNull()
      .references(() => sellers.id),
    kind: text().notNull(),
    key: text().notNull(),
    fileName: text().notNull(), // as the seller named it, shown back only to that seller and staff
    contentType: text().notNull(), // sniffed from the content
    sizeBytes: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('seller_documents_key_key').on(t.key),
    index('seller_documents_seller_idx').on(t.sellerId, t.kind),
    check('seller_documents_kind_known', sql.raw(oneOf('kind', SELLER_DOCUMENT_KINDS))),
    check('seller_documents_size_positive', sql`${t.sizeBytes} > 0`),
  ],
);

/** requirements#seller-bulk-inventory: one CSV upload of prices and stock, its progress and each refused row. */
export const offerImports = pgTable(
  'offer_imports',
  {
    id: id(),
    sellerId: integer()
      .notNull()
      .references(() => sellers.id),
    fileName: text().notNull(),
    status: text().notNull().default('running'),
    totalRows: integer().notNull().default(0),
    processedRows: integer().notNull().default(0),
    appliedRows: integer().notNull().default(0),
    errorRows: integer().notNull().default(0),
    errors: jsonb().$type<{ line: number; sku: string; reason: string }[]>().notNull().default([]),
    createdAt: createdAt(),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('offer_imports_seller_idx').on(t.sellerId, t.createdAt),
    check('offer_imports_status_known', sql.raw(oneOf('status', OFFER_IMPORT_STATUSES))),
    check(
      'offer_imports_counts_not_negative',
      sql`${t.totalRows} >= 0 AND ${t.processedRows} >= 0 AND ${t.appliedRows} >= 0 AND ${t.errorRows} >= 0`,
    ),
  ],
);

/**
 * requirements#product-languages (ADR-0064): a product's title, bullet points and description in
 * Hindi, Tamil or Telugu, one row per product and language. The live text is what shoppers see (each
 * empty field falls back to English); a seller's new text waits in `pending*` until staff approve
 * it, as product content does. `search_vector` indexes the live text with the language's own
 * stemmer where PostgreSQL and PGlite both have one (hindi, tamil) and `simple` for Telugu.
 */
export const productTexts = pgTable(
  'product_texts',
  {
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    language: text().notNull(),
    title: text(),
    bulletPoints: jsonb().$type<string[]>().notNull().default([]),
    description: text().notNull().default(''),
    pendingTitle: text(),
    pendingBulletPoints: jsonb().$type<string[]>(),
    pendingDescription: text(),
    pendingSellerId: integer().references(() => sellers.id),
    submittedAt: timestamp({ withTimezone: true }),
    rejectionReason: text(),
    decidedAt: timestamp({ withTimezone: true }),
    searchVector: tsvector().generatedAlwaysAs(
      (): ReturnType<typeof sql> =>
        sql`to_tsvector(CASE ${productTexts.language} WHEN 'hi' THEN 'hindi'::regconfig WHEN 'ta' THEN 'tamil'::regconfig ELSE 'simple'::regconfig END, translate(coalesce(${productTexts.title}, '') || ' ' || ${productTexts.description}, U&'\\200C\\200D', ''))`,
    ),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.language] }),
    check('product_texts_language_known', sql`${t.language} IN ('hi', 'ta', 'te')`),
    index('product_texts_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    index('product_texts_pending_idx')
      .on(t.submittedAt)
      .where(sql`${t.pendingTitle} IS NOT NULL`),
  ],
);
